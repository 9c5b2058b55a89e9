import { z } from 'zod';

/** One message of the gateway's error body. */
export const errorItemSchema = z.looseObject({ message: z.string(), code: z.string().optional() });

/**
 * The gateway's error body: `{"__all__": [{message, code}]}` plus, like any Django form error, one
 * key per offending field path (`"products.0.price"`) holding the same kind of list.
 */
export const errorBodySchema = z.record(z.string(), z.array(errorItemSchema));
export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A broken rule, named by the dotted path of its field ("" for the request as a whole). */
export interface FieldIssue {
  path: string;
  message: string;
  code: string;
}

export const pathOf = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join('.');

/** Flattens zod issues into field issues with dotted paths. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: pathOf(issue.path),
    message: issue.message,
    code: issue.code === 'custom' ? 'invalid' : issue.code,
  }));
}

/** "products.0.price: must be at least 0.01; client.email: must be an e-mail address" */
export const describeIssues = (issues: readonly FieldIssue[]): string =>
  issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');

/** Builds the gateway's 400 body from field issues: `__all__` names every rule, each field its own. */
export function errorBody(issues: readonly FieldIssue[]): ErrorBody {
  // A Map, then data properties: a field named __proto__ must become a key, not a prototype.
  const fields = new Map<string, { message: string; code: string }[]>();
  for (const issue of issues) {
    if (!issue.path) continue;
    const list = fields.get(issue.path) ?? [];
    list.push({ message: issue.message, code: issue.code });
    fields.set(issue.path, list);
  }
  return {
    __all__: issues.map((i) => ({ message: i.path ? `${i.path}: ${i.message}` : i.message, code: i.code })),
    ...Object.fromEntries(fields),
  };
}

/** Reads field issues back out of an error body (tolerating bodies that are not ours). */
export function issuesOfErrorBody(body: unknown): FieldIssue[] {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return [];
  const issues: FieldIssue[] = [];
  const fields = Object.entries(parsed.data).filter(([key]) => key !== '__all__');
  for (const [path, items] of fields) {
    for (const item of items) issues.push({ path, message: item.message, code: item.code ?? 'invalid' });
  }
  // Messages under __all__ that no field repeats are rules about the request as a whole.
  for (const item of parsed.data.__all__ ?? []) {
    const named = fields.some(([path, items]) =>
      items.some((i) => item.message === `${path}: ${i.message}` || item.message === i.message),
    );
    if (!named) issues.push({ path: '', message: item.message, code: item.code ?? 'invalid' });
  }
  return issues;
}
