// `npm run bench`: builds what it measures, then measures bundle size (ours beside Adyen's and
// Braintree's), card logic and protocol validation speed, full payments against the sandbox gateway,
// the elements in Chromium, and what a customer and a merchant feel: time to an interactive form,
// keystroke cost, memory over many mounts, the server helper's cost and the sandbox's throughput.
// A benchmark, not a test: it fails only when something cannot be measured, never on a slow number
// (the size budget is enforced by `npm run size`); goals are printed as met or missed. Results go to
// stdout and, as JSON, to bench/build/ (ignored by git: numbers of one machine at one moment do not
// belong in the repository). Everything listens and connects on 127.0.0.1 only.
//
//   npm run bench                          everything: about 3 minutes on two cores at load 3 to 5
//   npm run bench -- --quick               fewer loads, cycles and rounds: about a minute, noisier
//   npm run bench -- --compare <file.json> also prints the change per figure against an earlier run
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchBrowser, printBrowser } from './browser.ts';
import { collectFigures, goalsOf, type Results } from './figures.ts';
import { benchFloor, printFloor } from './floor.ts';
import { benchGateway, printGateway } from './gateway.ts';
import { benchCustomer, printInteractive } from './interactive.ts';
import { benchIsolated, printIsolated } from './isolated.ts';
import { printKeystrokes } from './keystrokes.ts';
import { benchLimits, printLimits } from './limits.ts';
import { benchCardLogic, benchValidation, printMicro } from './logic.ts';
import { benchMemory, printMemory } from './memory.ts';
import { benchMobile, printMobile } from './mobile.ts';
import { serverRenderedCheckoutPage, startPageServer } from './pages.ts';
import { measurePeerSizes, printPeerSizes } from './peers.ts';
import { printComparison, printGoals, readRun } from './report.ts';
import { measureSizes, printSizes } from './size.ts';
import { int, kB, ms, nowMs } from './stats.ts';
import { benchServer, printThroughput } from './throughput.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(root, 'bench', 'build');

const USAGE =
  'npm run bench [-- --quick] [-- --compare <earlier run .json>]\n' +
  '  --quick    fewer loads, cycles and rounds (about half the time, noisier numbers)\n' +
  '  --compare  print the change per figure against a JSON file an earlier run wrote to bench/build/';

/** A mistyped option or an unreadable --compare file: say so in one line, before minutes of measuring. */
function usageError(error: unknown): never {
  console.error(`bench: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

let args: { quick: boolean; compare?: string | undefined; help: boolean };
let previous: ReturnType<typeof readRun> | null = null;
try {
  ({ values: args } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      compare: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
  if (args.compare) previous = readRun(args.compare);
} catch (error) {
  usageError(error);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

// Sized for about 3 minutes on two moderately busy cores with stable medians and ≥ 20 loads; --quick halves it.
const quick = args.quick;
const MICRO = { warmupMs: 150, rounds: quick ? 7 : 15, roundMs: 40 };
const GATEWAY = { payments: quick ? 100 : 300, concurrency: 8, warmup: 30, clientPairs: quick ? 100 : 200 };
const BROWSER = { loads: quick ? 4 : 10, baselineLoads: quick ? 2 : 3 };
const CUSTOMER = { loads: quick ? 10 : 20, typingLoads: quick ? 2 : 4 };
const MEMORY = { cycles: quick ? 300 : 1000, warmup: 20 };
const THROUGHPUT = {
  pairs: quick ? 100 : 300,
  clients: 50,
  warmupMs: quick ? 500 : 1000,
  durationMs: quick ? 1500 : 3000,
};

const started = nowMs();
// Every request and page step has its own timeout; this is the last resort that keeps a wedged run
// from holding a CI job. Playwright kills the browser it launched when the process exits.
const WATCHDOG_MS = 8 * 60_000;
setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes, giving up`);
  process.exit(1);
}, WATCHDOG_MS).unref();
// Other work on the machine shows up in every number below; say how busy it was.
const loadAtStart = loadavg();
const load = () => loadavg()[0]!.toFixed(2);
const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;
console.log(
  `gateway-checkout bench · ${machine} · load average ${load()} at start${quick ? ' · --quick' : ''}`,
);
if (loadavg()[0]! > cpus().length) {
  console.log('  The machine is busy (load above its core count): expect slower, noisier numbers.');
}
const step = (what: string) =>
  process.stderr.write(`… ${what} (${((nowMs() - started) / 1000).toFixed(1)} s, load ${load()})\n`);

// Always from the working tree: a stale dist/ would measure yesterday's code.
step('building dist/gateway-checkout.iife.js, dist/esm, dist/fields and dist/node/ssr');
const buildStart = nowMs();
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'iife', 'esm', 'fields', 'ssr'], {
  cwd: root,
  stdio: 'inherit',
});
const buildMs = nowMs() - buildStart;

const size = measureSizes(dist);
printSizes(size);

step('Adyen Web and Braintree bundled beside ours');
const viteVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8')) as { version: string }
).version;
const peers = await measurePeerSizes(join(dist, 'esm'), join(out, 'peers'), viteVersion);
printPeerSizes(peers, size.iife.gzip);

step('card logic');
const card = benchCardLogic(MICRO);
printMicro(
  `2. Card logic in Node (src/card; ${MICRO.rounds} rounds of ~${MICRO.roundMs} ms after warm-up, median)`,
  card,
);

step('protocol validation');
const validation = benchValidation(MICRO);
printMicro('3. Protocol validation in Node (validateOrderRequest, zod; median)', validation);

step(
  `sandbox gateway: ${GATEWAY.payments} payments sequential, ${GATEWAY.payments} at concurrency ${GATEWAY.concurrency}`,
);
const gateway = await benchGateway(GATEWAY);
printGateway(gateway);

step('velocity limits of the session endpoint, in memory and on Redis');
const limits = await benchLimits({ sessions: quick ? 500 : 3000, warmup: 200 });
printLimits(limits);

step(`Chromium: ${BROWSER.loads} page loads`);
const browser = await benchBrowser(dist, BROWSER);
printBrowser(browser);

const pages = await startPageServer(dist, await serverRenderedCheckoutPage(dist));
let customer: Awaited<ReturnType<typeof benchCustomer>>;
let memory: Awaited<ReturnType<typeof benchMemory>>;
try {
  step(`Chromium: ${CUSTOMER.loads} cold loads of the checkout and of a plain form, then typing`);
  customer = await benchCustomer(pages, { ...CUSTOMER, serverRendered: true, slowSession: true });
  printInteractive(customer.interactive);
  printKeystrokes(customer.keystrokes);

  step(`Chromium: ${MEMORY.cycles} mount/unmount cycles`);
  memory = await benchMemory(pages, MEMORY);
  printMemory(memory);
} finally {
  await pages.close();
}

step(
  `Chromium: the stack's floor, the same fields by Lit alone and by Lit + imask, ${CUSTOMER.loads} loads each`,
);
const floor = await benchFloor(root, join(out, 'floor'), CUSTOMER);
printFloor(floor, {
  gzip: size.iife.gzip,
  interactive: customer.interactive,
  keystrokes: customer.keystrokes,
});

step(`Chromium: the demo shop's checkout with the card fields in the page and isolated in a frame`);
const isolated = await benchIsolated(dist, { loads: quick ? 5 : 10 });
printIsolated(isolated);

step(`Chromium: what pages load of ours; the demo shop on an emulated phone, ${quick ? 4 : 8} loads each`);
const mobile = await benchMobile(dist, { loads: quick ? 4 : 8 });
printMobile(mobile);

step(`merchant server: GatewayClient vs fetch, then ${THROUGHPUT.clients} concurrent clients`);
const server = await benchServer(root, THROUGHPUT);
printThroughput(server, THROUGHPUT);

// ------------------------------------------------------------------ figures and goals

const results: Results = {
  size,
  peers,
  card,
  validation,
  gateway,
  browser,
  interactive: customer.interactive,
  keystrokes: customer.keystrokes,
  memory,
  mobile,
  server,
};
const figures = collectFigures(results);
const goals = goalsOf(figures, results);
printGoals(goals);
if (memory.cycles < 1000)
  console.log(`  (--quick: ${memory.cycles} mounts, not 1,000; the memory goal is for 1,000.)`);

if (previous && args.compare) printComparison(previous, args.compare, figures.list);

const totalMs = nowMs() - started;
const concurrent = gateway.runs.find((r) => r.concurrency > 1);
const validateTypical = validation[0]!;
const orders50 = server.workloads[0]!;
const i = customer.interactive;
const k = customer.keystrokes;
console.log(
  [
    `\nSummary: iife ${kB(size.iife.gzip)} gzip (${size.margin >= 0 ? `${kB(size.margin)} under` : `${kB(-size.margin)} over`} the ${kB(size.budget)} budget)`,
    `validate typical order ${int(validateTypical.opsPerSec)}/s`,
    `sandbox ${int(concurrent?.paymentsPerSec ?? Number.NaN)} payments/s at c=${concurrent?.concurrency}, ${int(orders50.perSec)} orders/s at c=${orders50.clients}`,
    `bytes of ours: English ${kB(mobile.weights[0]!.gzip)}, German ${kB(mobile.weights[1]!.gzip)}, isolated ${kB(mobile.weights[2]!.gzip)}`,
    `form interactive ${ms(i.checkout.p50, 0)} (${i.ratio.toFixed(2)}x plain${i.serverRendered ? `; server-rendered ${ms(i.serverRendered.latency.p50, 0)}, ${i.serverRendered.ratio.toFixed(2)}x` : ''}; phone ${mobile.ratio.toFixed(2)}x)`,
    `keystroke ${ms(k.checkout.formatted.p50, 3)} to formatted (+${ms(k.extraP50, 3)} p50, +${ms(k.extraP95, 3)} p95 over plain)`,
    `layout shift ${i.cls.checkout.toFixed(4)}${i.cls.slowSession === undefined ? '' : ` (session a second late, e-mail asked: ${i.cls.slowSession.toFixed(4)})`}`,
    `bench took ${(totalMs / 1000).toFixed(1)} s (build ${(buildMs / 1000).toFixed(1)} s), load average ${load()} at end`,
  ].join(' · '),
);

mkdirSync(out, { recursive: true });
const date = new Date();
const json = `${JSON.stringify(
  {
    date: date.toISOString(),
    machine: {
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      loadavg: loadAtStart,
      loadavgAtEnd: loadavg(),
    },
    quick,
    settings: {
      micro: MICRO,
      gateway: GATEWAY,
      browser: BROWSER,
      customer: CUSTOMER,
      memory: MEMORY,
      throughput: THROUGHPUT,
    },
    figures: figures.list,
    goals,
    size,
    peers,
    card,
    validation,
    gateway,
    browser,
    customer,
    floor,
    memory,
    isolated,
    mobile,
    limits,
    server,
    buildMs,
    totalMs,
  },
  null,
  2,
)}\n`;
// One file per run to compare against later, and latest.json for the most recent.
const file = join(out, `bench-${date.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, json);
writeFileSync(join(out, 'latest.json'), json);
console.log(`Written to ${relative(process.cwd(), file)} (and bench/build/latest.json)`);
