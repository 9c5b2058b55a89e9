// Section 9, the merchant's server: what GatewayClient adds to creating an order over a raw fetch,
// and how much the sandbox serves with 50 clients at once. The sandbox runs in a process of its own,
// as `npm run sandbox` does, so the client's own work is not mixed with the sandbox's on one event
// loop (the two processes still share the machine's cores).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildDirectPaymentBody } from '../src/card/index.ts';
import type { OrderRequest } from '../src/protocol/index.ts';
import { GatewayClient } from '../src/server/index.ts';
import { int, type Latency, latency, ms, nowMs, table } from './stats.ts';

export interface ThroughputOptions {
  /** Order creations each way for the GatewayClient ÷ fetch ratio. */
  pairs: number;
  clients: number;
  /** Unmeasured time at full load first (sockets, JIT). */
  warmupMs: number;
  /** Measured time per workload. */
  durationMs: number;
}

export interface Workload {
  id: 'orders' | 'payments';
  name: string;
  clients: number;
  completed: number;
  errors: number;
  firstError: string | null;
  perSec: number;
  requestsPerSec: number;
  latency: Latency;
}

export interface ClientRatio {
  pairs: number;
  rawFetch: Latency;
  gatewayClient: Latency;
  /** GatewayClient ÷ raw fetch, order creation, at p50 and p95. */
  ratio: number;
  ratioP95: number;
  /** The median of each pair's ratio: steadier than a ratio of medians when the machine's load drifts. */
  pairedRatio: number;
}

export interface ThroughputResult {
  client: ClientRatio;
  workloads: Workload[];
}

const SECRET_KEY = 'sk_sandbox_bench';
const REQUEST_TIMEOUT_MS = 10_000;

const order = (i: number): OrderRequest => ({
  client: { email: `load-${i}@example.com` },
  products: [{ title: 'Green tea, 100 g', price: 4.5, quantity: 2 }],
  currency: 'EUR',
  language: 'en',
  skip_capture: false,
});

const directBody = JSON.stringify(
  buildDirectPaymentBody({
    number: '4111111111111111',
    expMonth: 12,
    expYear: (new Date().getFullYear() + 3) % 100,
    csc: '123',
  }),
);

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname}: HTTP ${res.status}`);
  return body;
}

/** Starts `npm run sandbox`'s entry on a free port in a child process; resolves with its URL. */
async function startSandboxProcess(root: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/sandbox/cli.ts')], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_SECRET_KEY: SECRET_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}) before listening: ${output}`));
    });
  });
  return { child, url };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** `clients` loops each running `task` back to back, for warm-up then the measured window. */
async function load(
  id: Workload['id'],
  name: string,
  options: ThroughputOptions,
  task: (i: number, requestDone: () => void) => Promise<void>,
): Promise<Workload> {
  const times: number[] = [];
  // Requests are counted one by one: a payment of three can outlast a short window, a request not.
  let requests = 0;
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const start = nowMs();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;
  const requestDone = () => {
    const t = nowMs();
    if (t >= measureFrom && t <= end) requests++;
  };
  const client = async () => {
    while (nowMs() < end) {
      const t0 = nowMs();
      try {
        await task(next++, requestDone);
        const t1 = nowMs();
        // Counted when it finished inside the window: those that started before it take the
        // place of those still running at its end.
        if (t1 >= measureFrom && t1 <= end) times.push(t1 - t0);
      } catch (error) {
        if (nowMs() >= measureFrom) errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const perSec = (times.length / options.durationMs) * 1000;
  if (times.length === 0) throw new Error(`${name}: nothing completed, first error ${firstError}`);
  return {
    id,
    name,
    clients: options.clients,
    completed: times.length,
    errors,
    firstError,
    perSec,
    requestsPerSec: (requests / options.durationMs) * 1000,
    latency: latency(times),
  };
}

/**
 * Order creation both ways against the same sandbox, one after the other in ABBA order (fetch first in
 * even pairs, the client first in odd ones), so neither way always follows the other's request.
 */
async function compareClient(baseUrl: string, pairs: number, create: (i: number) => Promise<unknown>) {
  // Defaults otherwise (30 s timeout, GET retries): the cost measured is what a merchant gets.
  const client = new GatewayClient({ baseUrl, secretKey: SECRET_KEY });
  const viaFetch: number[] = [];
  const viaClient: number[] = [];
  const ratios: number[] = [];
  const warmup = 30;
  const timed = async (run: () => Promise<unknown>) => {
    const t0 = nowMs();
    await run();
    return nowMs() - t0;
  };
  for (let i = -warmup; i < pairs; i++) {
    const byFetch = () => timed(() => create(2_000_000 + i));
    const byClient = () => timed(() => client.orders.createOneStep(order(3_000_000 + i)));
    let f: number;
    let c: number;
    if (i % 2 === 0) {
      f = await byFetch();
      c = await byClient();
    } else {
      c = await byClient();
      f = await byFetch();
    }
    if (i < 0) continue;
    viaFetch.push(f);
    viaClient.push(c);
    ratios.push(c / f);
  }
  const rawFetch = latency(viaFetch);
  const gatewayClient = latency(viaClient);
  return {
    pairs,
    rawFetch,
    gatewayClient,
    ratio: gatewayClient.p50 / rawFetch.p50,
    ratioP95: gatewayClient.p95 / rawFetch.p95,
    pairedRatio: latency(ratios).p50,
  };
}

export async function benchServer(root: string, options: ThroughputOptions): Promise<ThroughputResult> {
  const { child, url } = await startSandboxProcess(root);
  try {
    const api = `${url}/api/v0.6`;
    const auth = { authorization: `Bearer ${SECRET_KEY}` };
    const create = (i: number) =>
      call(`${api}/orders/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(order(i)),
      });
    const client = await compareClient(url, options.pairs, create);
    const orders = await load('orders', 'order creation (POST /orders/)', options, async (i, requestDone) => {
      const created = await create(i);
      requestDone();
      if (typeof created.id !== 'string') throw new Error('order created without an id');
    });
    const payments = await load(
      'payments',
      'full payment (create, pay api_do_url, read)',
      options,
      async (i, requestDone) => {
        const created = await create(1_000_000 + i);
        requestDone();
        const doUrl = String(created.api_do_url);
        if (new URL(doUrl).hostname !== '127.0.0.1') throw new Error(`api_do_url off loopback: ${doUrl}`);
        const paid = await call(doUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: directBody,
        });
        requestDone();
        const read = await call(`${api}/orders/${encodeURIComponent(String(created.id))}/`, {
          headers: auth,
        });
        requestDone();
        if (paid.status !== 'paid' || read.status !== 'paid') throw new Error(`order ${created.id} not paid`);
      },
    );
    return { client, workloads: [orders, payments] };
  } finally {
    await stopProcess(child);
  }
}

export function printThroughput(r: ThroughputResult, options: ThroughputOptions): void {
  const c = r.client;
  console.log(
    table(
      `9a. Order creation, GatewayClient vs raw fetch to the same sandbox (${c.pairs} each, ABBA interleaved)`,
      ['way', 'p50', 'p95'],
      [
        ['raw fetch', ms(c.rawFetch.p50, 3), ms(c.rawFetch.p95, 3)],
        ['GatewayClient.orders.createOneStep', ms(c.gatewayClient.p50, 3), ms(c.gatewayClient.p95, 3)],
        ['ratio', `${c.ratio.toFixed(3)}x`, `${c.ratioP95.toFixed(3)}x`],
      ],
    ),
  );
  console.log(
    table(
      `9b. Sandbox throughput: ${options.clients} concurrent clients for ${(options.durationMs / 1000).toFixed(1)} s each, after ${(options.warmupMs / 1000).toFixed(1)} s warm-up; sandbox in its own process`,
      ['workload', 'per s', 'requests/s', 'p50', 'p95', 'p99', 'errors'],
      r.workloads.map((w) => [
        w.name,
        int(w.perSec),
        int(w.requestsPerSec),
        ms(w.latency.p50, 1),
        ms(w.latency.p95, 1),
        ms(w.latency.p99, 1),
        `${w.errors}/${w.completed + w.errors}`,
      ]),
    ),
  );
  console.log(`  median of the per-pair ratios: ${c.pairedRatio.toFixed(3)}x`);
  for (const w of r.workloads) {
    if (w.completed < w.clients) {
      console.log(
        `  ${w.name}: fewer completed than clients in the window; per s is coarse, requests/s holds.`,
      );
    }
  }
  for (const w of r.workloads) if (w.firstError) console.log(`  ${w.name}: first error ${w.firstError}`);
}
