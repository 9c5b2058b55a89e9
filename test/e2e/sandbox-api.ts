import { expect } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox/index.ts';

/** One call to a sandbox's API with its key: a GET without a body, a POST with one; expects 200. */
export async function sandboxApi<T = Record<string, unknown>>(
  sb: Sandbox,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sb.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${sb.secretKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}
