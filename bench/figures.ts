// Every section's headline numbers as one flat list of figures (the JSON a later run compares
// against), and the goals of the issue checked against them.
import type { BrowserResult } from './browser.ts';
import type { GatewayResult } from './gateway.ts';
import type { InteractiveResult } from './interactive.ts';
import type { KeystrokeResult } from './keystrokes.ts';
import type { MemoryResult } from './memory.ts';
import type { MicroResult } from './micro.ts';
import type { MobileResult } from './mobile.ts';
import type { PeerSizeResult } from './peers.ts';
import { Figures, type Goal } from './report.ts';
import type { SizeResult } from './size.ts';
import { median } from './stats.ts';
import type { ThroughputResult } from './throughput.ts';

export interface Results {
  size: SizeResult;
  peers: PeerSizeResult;
  card: MicroResult[];
  validation: MicroResult[];
  gateway: GatewayResult;
  browser: BrowserResult;
  interactive: InteractiveResult;
  keystrokes: KeystrokeResult;
  memory: MemoryResult;
  mobile: MobileResult;
  server: ThroughputResult;
}

export function collectFigures(r: Results): Figures {
  const f = new Figures();
  f.add('size.iife.gzip', 'iife bundle, gzip', r.size.iife.gzip, 'B');
  f.add('size.iife.brotli', 'iife bundle, brotli', r.size.iife.brotli, 'B');
  f.add('size.esm.gzip', 'dist/esm/*.js total, gzip', r.size.esm.gzip, 'B');
  for (const b of r.peers.bundles) f.add(`size.bundled.${b.id}.gzip`, `${b.label}, gzip`, b.total.gzip, 'B');
  const define = r.peers.bundles.find((b) => b.ours && b.id === 'ours-define');
  if (!define) throw new Error('no bundle of our define entry to compare the peers with');
  for (const b of r.peers.bundles.filter((x) => !x.ours)) {
    f.add(`size.ratio.${b.id}`, `define ÷ ${b.label}, gzip`, define.total.gzip / b.total.gzip, 'x');
  }

  // Best rounds: disturbances only slow a round down, so they move least between runs.
  for (const m of r.card)
    f.add(`card.${m.name}.${m.input}`, `${m.name} (${m.input}), best`, m.bestOpsPerSec, '/s', 'higher');
  for (const m of r.validation) {
    f.add(`validation.${m.name}.${m.input}`, `${m.name} (${m.input}), best`, m.bestOpsPerSec, '/s', 'higher');
  }

  for (const run of r.gateway.runs) {
    const what = `sandbox ${run.mode} c=${run.concurrency}`;
    f.add(`gateway.${run.mode}.paymentsPerSec`, `${what}, payments`, run.paymentsPerSec, '/s', 'higher');
    f.add(`gateway.${run.mode}.payment.p50`, `${what}, payment p50`, run.steps.payment.p50, 'ms');
  }
  f.add(
    'gateway.clientOverhead.p50',
    'GatewayClient create+get overhead p50',
    r.gateway.client.overheadMs,
    'ms',
  );

  const b = r.browser;
  f.add('browser.evaluate.p50', 'bundle evaluate p50', b.evaluate.p50, 'ms');
  f.add('browser.cardFormFirstRender.p50', 'card form first render p50', b.cardFormFirstRender.p50, 'ms');
  f.add('browser.heapUsed.p50', 'JS heap after load p50', b.heapUsedBytes.p50, 'B');
  f.add(
    'browser.keystroke.p50',
    'synthetic keystroke, handler + update p50',
    b.keystroke.handlerAndUpdate.p50,
    'ms',
  );

  const i = r.interactive;
  for (const [page, l] of [
    ['checkout', i.checkout],
    ['plain', i.plain],
  ] as const) {
    f.add(`interactive.${page}.p50`, `interactive form, ${page} p50`, l.p50, 'ms');
    f.add(`interactive.${page}.p95`, `interactive form, ${page} p95`, l.p95, 'ms');
  }
  f.add('interactive.ratio.p50', 'interactive form, checkout ÷ plain p50', i.ratio, 'x');
  if (i.serverRendered) {
    f.add('interactive.ssr.p50', 'interactive form, server-rendered p50', i.serverRendered.latency.p50, 'ms');
    f.add('interactive.ssr.p95', 'interactive form, server-rendered p95', i.serverRendered.latency.p95, 'ms');
    f.add(
      'interactive.ratio.ssr.p50',
      'interactive form, server-rendered ÷ plain p50',
      i.serverRendered.ratio,
      'x',
    );
    f.add(
      'interactive.cls.ssr',
      'cumulative layout shift, server-rendered (worst load)',
      i.serverRendered.cls,
      'score',
    );
  }
  f.add('interactive.ratio.p95', 'interactive form, checkout ÷ plain p95', i.ratioP95, 'x');
  f.add(
    'interactive.checkout.fromHead.p50',
    'interactive form from head script, checkout p50',
    i.fromHead.checkout.p50,
    'ms',
  );
  f.add(
    'interactive.plain.fromHead.p50',
    'interactive form from head script, plain p50',
    i.fromHead.plain.p50,
    'ms',
  );
  f.add(
    'interactive.ratio.fromHead.p50',
    'interactive form from head script, checkout ÷ plain p50',
    i.fromHead.ratio,
    'x',
  );

  if (i.breakdown)
    for (const [step, value] of Object.entries(i.breakdown))
      f.add(`interactive.checkout.${step}`, `interactive form, checkout's median load: ${step}`, value, 'ms');
  f.add(
    'interactive.cls.checkout',
    'cumulative layout shift, checkout (worst load)',
    i.cls.checkout,
    'score',
  );
  if (i.cls.slowSession !== undefined)
    f.add(
      'interactive.cls.slow-session',
      'cumulative layout shift, checkout asking for the e-mail, session a second late (worst load)',
      i.cls.slowSession,
      'score',
    );

  for (const w of r.mobile.weights) {
    const id = w.page.startsWith('German') ? 'german' : w.page.includes('isolated') ? 'isolated' : 'english';
    f.add(`weight.${id}.gzip`, `what a page loads of ours: ${w.page}, gzip`, w.gzip, 'B');
  }
  f.add('mobile.ratio.p50', 'phone: time to the card number, checkout ÷ plain (median)', r.mobile.ratio, 'x');
  f.add(
    'mobile.clientRatio.p50',
    'phone: time to the card number, bare tag ÷ plain (median)',
    median(r.mobile.clientRendered) / median(r.mobile.plain),
    'x',
  );
  f.add(
    'mobile.markup.gzip',
    "bytes: the checkout's server-rendered markup in the page, gzip",
    r.mobile.markupGzip,
    'B',
  );

  const k = r.keystrokes;
  for (const [page, run] of [
    ['checkout', k.checkout],
    ['plain', k.plain],
  ] as const) {
    f.add(`keystroke.${page}.formatted.p50`, `keydown → formatted, ${page} p50`, run.formatted.p50, 'ms');
    f.add(`keystroke.${page}.formatted.p95`, `keydown → formatted, ${page} p95`, run.formatted.p95, 'ms');
    f.add(`keystroke.${page}.laidOut.p95`, `keydown → laid out, ${page} p95`, run.laidOut.p95, 'ms');
  }
  f.add('keystroke.extra.formatted.p50', 'keystroke above plain, formatted p50', k.extraP50, 'ms');
  f.add('keystroke.extra.formatted.p95', 'keystroke above plain, formatted p95', k.extraP95, 'ms');

  const m = r.memory;
  f.add('memory.growth', `heap growth over ${m.cycles} mounts`, m.growthBytes, 'B');
  f.add('memory.detached', 'detached elements after the mounts', m.after.detachedElements, 'count');
  f.add(
    'memory.detached.growth',
    'detached elements added by the mounts',
    m.after.detachedElements - m.before.detachedElements,
    'count',
  );
  f.add('memory.cycle', 'one mount/unmount cycle', m.cycleMs, 'ms');

  const s = r.server;
  f.add('server.clientRatio.p50', 'order creation, GatewayClient ÷ fetch p50', s.client.ratio, 'x');
  f.add('server.clientRatio.p95', 'order creation, GatewayClient ÷ fetch p95', s.client.ratioP95, 'x');
  f.add(
    'server.clientRatio.paired',
    'order creation, GatewayClient ÷ fetch per pair',
    s.client.pairedRatio,
    'x',
  );
  for (const w of s.workloads) {
    const what = `sandbox at ${w.clients} clients`;
    f.add(`server.c${w.clients}.${w.id}`, `${what}, ${w.id}`, w.perSec, '/s', 'higher');
    f.add(
      `server.c${w.clients}.${w.id}.requests`,
      `${what}, ${w.id}: requests`,
      w.requestsPerSec,
      '/s',
      'higher',
    );
    f.add(`server.c${w.clients}.${w.id}.p95`, `${what}, ${w.id} p95`, w.latency.p95, 'ms');
  }
  return f;
}

export function goalsOf(f: Figures, r: Results): Goal[] {
  return [
    f.goal('size.iife.gzip', 'script-tag bundle within its budget (gzip)', '≤', r.size.budget),
    f.goal(
      'interactive.ratio.ssr.p50',
      'interactive form: server-rendered checkout ÷ plain form (p50)',
      '≤',
      1.5,
    ),
    f.goal('interactive.ratio.p50', 'interactive form: script tag alone ÷ plain form (p50)', '≤', 1.5),
    f.goal(
      'keystroke.extra.formatted.p95',
      'keystroke: p95 above the plain input (keydown → formatted)',
      '<',
      2,
    ),
    f.goal(
      'mobile.ratio.p50',
      'phone: demo checkout ÷ plain form, navigation → card number (median)',
      '≤',
      2,
    ),
    f.goal('memory.growth', `memory: heap growth over ${r.memory.cycles} mounts`, '<', 1_000_000),
    f.goal('server.clientRatio.p50', 'order creation: GatewayClient ÷ raw fetch (p50)', '≤', 1.1),
  ];
}
