// `npm run bench`: builds what it measures, then measures bundle size, card logic and protocol
// validation speed, full payments against the sandbox gateway, and the elements in Chromium.
// A benchmark, not a test: it fails only when something cannot be measured, never on a slow number
// (the size budget is enforced by `npm run size`). Results go to stdout and dist/bench.json
// (dist/ is ignored by git: numbers of one machine do not belong in the repository).
// Everything listens and connects on 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBrowser, printBrowser } from './browser.ts';
import { benchGateway, printGateway } from './gateway.ts';
import { benchCardLogic, benchValidation, printMicro } from './logic.ts';
import { measureSizes, printSizes } from './size.ts';
import { int, kB, ms, nowMs } from './stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

// Sized to finish in well under two minutes on two cores while keeping every median stable.
const MICRO = { warmupMs: 150, rounds: 15, roundMs: 40 };
const GATEWAY = { payments: 300, concurrency: 8, warmup: 30, clientPairs: 200 };
const BROWSER = { loads: 10, baselineLoads: 3 };

const started = nowMs();
// Every request and page step has its own timeout; this is the last resort that keeps a wedged run
// from holding a CI job. Playwright kills the browser it launched when the process exits.
const WATCHDOG_MS = 5 * 60_000;
setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes, giving up`);
  process.exit(1);
}, WATCHDOG_MS).unref();
// Other work on the machine shows up in every number below; say how busy it was.
const load = () => loadavg()[0]!.toFixed(2);
const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;
console.log(`gateway-checkout bench · ${machine} · load average ${load()} at start`);
if (loadavg()[0]! > cpus().length) {
  console.log('  The machine is busy (load above its core count): expect slower, noisier numbers.');
}
const step = (what: string) =>
  process.stderr.write(`… ${what} (${((nowMs() - started) / 1000).toFixed(1)} s)\n`);

// Always from the working tree: a stale dist/ would measure yesterday's code.
step('building dist/gateway-checkout.iife.js and dist/esm');
const buildStart = nowMs();
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'iife', 'esm'], {
  cwd: root,
  stdio: 'inherit',
});
const buildMs = nowMs() - buildStart;

const size = measureSizes(dist);
printSizes(size);

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

step(`Chromium: ${BROWSER.loads} page loads`);
const browser = await benchBrowser(dist, BROWSER);
printBrowser(browser);

const totalMs = nowMs() - started;
const concurrent = gateway.runs.find((r) => r.concurrency > 1);
const validateTypical = validation[0]!;
console.log(
  [
    `\nSummary: iife ${kB(size.iife.gzip)} gzip (${size.margin >= 0 ? `${kB(size.margin)} under` : `${kB(-size.margin)} over`} the ${kB(size.budget)} budget)`,
    `validate typical order ${int(validateTypical.opsPerSec)}/s`,
    `sandbox ${int(concurrent?.paymentsPerSec ?? Number.NaN)} payments/s at c=${concurrent?.concurrency}`,
    `card form rendered ${ms(browser.cardFormFirstRender.p50, 1)} after navigation`,
    `keystroke ${ms(browser.keystroke.handlerAndUpdate.p50, 3)} to formatted and re-rendered`,
    `bench took ${(totalMs / 1000).toFixed(1)} s (build ${(buildMs / 1000).toFixed(1)} s), load average ${load()} at end`,
  ].join(' · '),
);

mkdirSync(dist, { recursive: true });
const out = join(dist, 'bench.json');
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        node: process.version,
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        loadavg: loadavg(),
      },
      settings: { micro: MICRO, gateway: GATEWAY, browser: BROWSER },
      size,
      card,
      validation,
      gateway,
      browser,
      buildMs,
      totalMs,
    },
    null,
    2,
  )}\n`,
);
console.log(`Written to ${out}`);
