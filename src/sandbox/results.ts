/** What a gateway operation answers: an HTTP status and the JSON body the API sends. */
import { type ErrorBody, errorBody, type FieldIssue } from '../protocol/index.ts';

export interface ApiResult {
  status: number;
  body: unknown;
  /**
   * Keys of the request the gateway ignored (undeclared fields, as DRF ignores them), by dotted
   * path: answered in the X-Sandbox-Ignored header so a typo shows without failing the request.
   */
  ignored?: readonly string[];
}

export const ok = (body: unknown, status = 200): ApiResult => ({ status, body });

/** 204: what a DRF destroy answers. */
export const noContent = (): ApiResult => ({ status: 204, body: null });

export const invalid = (issues: FieldIssue[]): ApiResult => ({ status: 400, body: errorBody(issues) });

export const refuse = (message: string, code: string, path = ''): ApiResult =>
  invalid([{ path, message, code }]);

/** 403, 404, 405, 413, 415, 421 and 500 bodies: the gateway's `{"__all__": [{message, code}]}`. */
export const failure = (status: number, message: string, code: string): ApiResult => ({
  status,
  body: { __all__: [{ message, code }] } satisfies ErrorBody,
});

export const notFound = (what = 'Not found'): ApiResult => failure(404, what, 'not_found');

export const methodNotAllowed = (method: string): ApiResult =>
  failure(405, `Method ${method} is not allowed here`, 'method_not_allowed');
