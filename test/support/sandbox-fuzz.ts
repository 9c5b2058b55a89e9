// The harness of the sandbox's hostile-input tests (src/sandbox/fuzz.test.ts): where the cases go,
// how one is sent and judged, and the run of a thousand. Seeded: replay with HOSTILE_SEED=<seed>.
import { type SandboxApp, sandboxApp } from '../../src/sandbox/app.ts';
import { MAX_BODY } from '../../src/sandbox/http.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.ts';
import { cardBody, type Json, orderBody } from '../../src/sandbox/test-helpers.ts';
import { type Rng, rng, seedOf } from './hostile.ts';
import { type Endpoint, type HostileBody, hostileBody } from './hostile-json.ts';

export const SEED = seedOf();
const PARALLEL = 8;
// Generous: a loaded machine can be ten times slower than the second or so each family takes.
export const FAMILY_TIMEOUT = 60_000;
const KEY = 'sk_fuzz';

/**
 * Where the cases go. In process, straight into the sandbox's Fetch handler (every surface, body
 * reading and limit, without a socket): the thousand cases a family needs take about a second
 * there. Over HTTP, a sample of the same cases also goes through the node server, its Host check
 * and its adapter.
 */
export interface Target {
  name: string;
  cases: number;
  origin: string;
  send(method: string, url: string, headers: Record<string, string>, body?: BodyInit): Promise<Response>;
}

/** The two targets over one in-process app and one listening sandbox; start and stop them around the tests. */
export function fuzzTargets() {
  let app: SandboxApp | undefined;
  let sb: Sandbox | undefined;
  const targets: Target[] = [
    {
      name: 'in process',
      cases: 1000,
      origin: 'http://127.0.0.1:9',
      send: (method, url, headers, body) =>
        app!.dispatch(new Request(url, { method, headers, body }), {
          url: new URL(url),
          loseAnswer: () => Promise.reject(new Error('no fault is set while fuzzing')),
        }),
    },
    {
      name: 'over HTTP',
      cases: 100,
      get origin() {
        return sb!.url;
      },
      send: (method, url, headers, body) => fetch(url, { method, headers, body }),
    },
  ];
  return {
    targets,
    async start() {
      app = sandboxApp({
        secretKey: KEY,
        avsEnabled: false,
        webhookRetry: {},
        now: undefined,
        distDir: null,
        origin: () => targets[0]!.origin,
        apiDoFromBrowsers: 'open',
        transactionDetails: 'plain',
        bankOrigin: () => 'http://127.0.0.1:1',
      });
      sb = await startSandbox({ port: 0, secretKey: KEY, distDir: null });
    },
    async stop() {
      app?.close();
      await sb?.close();
    },
  };
}

export async function call(
  t: Target,
  method: string,
  path: string,
  body?: unknown,
  key = true,
): Promise<Json> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers.Authorization = `Bearer ${KEY}`;
  const url = path.startsWith('http') ? path : `${t.origin}${path}`;
  const response = await t.send(method, url, headers, body === undefined ? undefined : JSON.stringify(body));
  const text = await response.text();
  return { ...(text ? (JSON.parse(text) as Json) : {}), http: response.status };
}

export const createOrder = (t: Target, extra: Json = {}) =>
  call(t, 'POST', '/api/v0.6/orders/', orderBody(extra));
export const payOrder = (t: Target, order: Json, card = cardBody()) =>
  call(t, 'POST', order.api_do_url, card, false);
export const readOrder = (t: Target, order: Json) => call(t, 'GET', `/api/v0.6/orders/${order.id}/`);

/** Anything that would tell an attacker about the code or the machine. */
const LEAK =
  /\bat [\w.<>$]+ \(|node:internal|file:\/\/|\/(work|home|usr|tmp|root)\/|\.[jt]s:\d+|Error:|\bstack\b/i;

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
];

export interface Case {
  method: string;
  url: string;
  body?: string | Uint8Array;
  contentType?: string;
  key?: boolean;
  kind: HostileBody['kind'] | 'query';
}

interface Failure {
  index: number;
  kind: string;
  url: string;
  status: number;
  problem: string;
  sample: string;
}

async function send(t: Target, c: Case): Promise<{ status: number; type: string; text: string }> {
  const headers: Record<string, string> = {};
  if (c.key) headers.Authorization = `Bearer ${KEY}`;
  if (c.contentType) headers['Content-Type'] = c.contentType;
  const body = c.method === 'GET' || c.method === 'HEAD' ? undefined : (c.body as BodyInit | undefined);
  const response = await t.send(c.method, c.url, headers, body);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

/** What is wrong with an answer to a hostile body, or null. */
function problemOf(c: Case, status: number, type: string, text: string): string | null {
  if (LEAK.test(text)) return 'the answer names code or a path';
  if (c.kind === 'query') return status >= 500 ? `status ${status}` : null;
  if (c.kind === 'oversized' && status !== 413) return `status ${status}, not 413`;
  if (status < 400 || status >= 500) return `status ${status}, not 4xx`;
  if (!type.includes('application/json')) return `content-type ${type}`;
  try {
    const body = JSON.parse(text) as Json;
    if (!body || typeof body !== 'object' || Object.keys(body).length === 0) return 'an empty error body';
  } catch {
    return 'the error body is not JSON';
  }
  return null;
}

/** Runs `t.cases` cases made by `make`, PARALLEL at a time, and lists what went wrong. */
export async function fuzz(t: Target, family: string, make: (r: Rng) => Case): Promise<Failure[]> {
  // Each family draws from its own stream of the one seed, so a family replays alone.
  const r = rng(SEED ^ [...family].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7));
  const cases = Array.from({ length: t.cases }, () => make(r));
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < cases.length; index = next++) {
      const c = cases[index]!;
      let problem: string | null;
      let status = 0;
      try {
        const answer = await send(t, c);
        status = answer.status;
        problem = problemOf(c, answer.status, answer.type, answer.text);
      } catch (error) {
        problem = `no answer (${(error as Error).message})`;
      }
      if (problem) {
        const sample = typeof c.body === 'string' ? c.body.slice(0, 160) : `bytes ${c.body?.join(' ')}`;
        failures.push({ index, kind: c.kind, url: c.url, status, problem, sample });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failures;
}

export const report = (failures: Failure[]) =>
  `HOSTILE_SEED=${SEED} replays this; ${failures.length} failures, first: ${JSON.stringify(failures.slice(0, 3), null, 1)}`;

/** A JSON case for `url` from `endpoint`, with a sometimes-odd Content-Type. */
export const jsonCase =
  (method: string, url: () => string, endpoint: () => Endpoint, key: boolean, contentTypes = CONTENT_TYPES) =>
  (r: Rng): Case => {
    const hostile = hostileBody(r, endpoint(), MAX_BODY);
    // An oversized body must meet the size limit, not an earlier refusal of its type.
    const contentType = hostile.kind === 'oversized' ? 'application/json' : r.pick(contentTypes);
    return { method, url: url(), body: hostile.body, contentType, key, kind: hostile.kind };
  };

export const WRONG_TOP = [null, [], [1, 2], 0, 1, 'x', '', true, false];
