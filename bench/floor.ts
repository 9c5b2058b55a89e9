// Sections 6b and 7b, the stack's floor: what the chosen packages cost by themselves, measured as
// sections 6 and 7 measure our checkout. The same four labelled fields and Pay button, rendered by a
// Lit element of a few lines (bench/floor/lit.ts), and the same with imask masking the number and
// expiry (bench/floor/lit-imask.ts), each built into a script-tag bundle and loaded by the bench's
// checkout page in place of ours, interleaved with the same plain form. What lies between the
// plain form and these is the stack's; what lies between these and our checkout is our own code's.
// Self-contained: run alone with `npx tsx bench/floor.ts` (it builds what it measures, ours too).
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchCustomer,
  benchInteractive,
  type InteractiveOptions,
  type InteractiveResult,
} from './interactive.ts';
import { benchKeystrokes, type KeystrokeResult } from './keystrokes.ts';
import { launchChromium, startPageServer } from './pages.ts';
import { buildScriptTagBundle } from './peers.ts';
import { sizeOf } from './size.ts';
import { kB, ms, table } from './stats.ts';

const FLOORS = [
  { id: 'lit', label: 'Lit element, the fields only', entry: 'lit.ts', typing: false },
  { id: 'lit-imask', label: 'Lit element + imask on number, expiry', entry: 'lit-imask.ts', typing: true },
] as const;

export interface FloorForm {
  id: string;
  label: string;
  /** The floor's bundle, gzip -9. */
  gzip: number;
  interactive: InteractiveResult;
  /** Typed as section 7 types, for the floor with masks. */
  keystrokes: KeystrokeResult | null;
}

export interface FloorResult {
  forms: FloorForm[];
}

/** Builds one floor into `<out>/<id>/gateway-checkout.iife.js`, as the peers and our bundle are built. */
async function buildFloor(root: string, out: string, floor: (typeof FLOORS)[number]): Promise<string> {
  const outDir = join(out, floor.id);
  await buildScriptTagBundle(
    root,
    join(root, 'bench/floor', floor.entry),
    outDir,
    'gateway-checkout.iife.js',
  );
  return outDir;
}

export async function benchFloor(
  root: string,
  out: string,
  options: InteractiveOptions,
): Promise<FloorResult> {
  const forms: FloorForm[] = [];
  const browser = await launchChromium();
  try {
    for (const floor of FLOORS) {
      const dir = await buildFloor(root, out, floor);
      const pages = await startPageServer(dir);
      try {
        // The floor asks for no session: the breakdown reads the bundle's timing alone.
        const measured = { ...options, requests: ['/gateway-checkout.iife.js'] };
        const interactive = await benchInteractive(browser, pages, measured);
        const keystrokes = floor.typing ? await benchKeystrokes(browser, pages, measured) : null;
        const { gzip } = sizeOf(dir, 'gateway-checkout.iife.js');
        forms.push({ id: floor.id, label: floor.label, gzip, interactive, keystrokes });
      } finally {
        await pages.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { forms };
}

/** The floors beside our checkout (sections 6 and 7 of the same run). */
export function printFloor(
  r: FloorResult,
  ours: { gzip: number; interactive: InteractiveResult; keystrokes: KeystrokeResult },
): void {
  const row = (label: string, gzip: number, i: InteractiveResult, k: KeystrokeResult | null) => [
    label,
    kB(gzip),
    ms(i.checkout.p50, 1),
    ms(i.plain.p50, 1),
    `${i.ratio.toFixed(2)}x`,
    i.breakdown ? ms(i.breakdown.evaluate + i.breakdown.define, 1) : '–',
    i.breakdown ? ms(i.breakdown.firstRender, 1) : '–',
    k ? `+${ms(k.extraP50, 2)}` : '–',
    k ? `+${ms(k.extraP95, 2)}` : '–',
  ];
  console.log(
    table(
      `6b/7b. The stack's floor: the same fields by Lit alone and by Lit + imask, measured as in 6 and 7 (${r.forms[0]?.interactive.loads ?? 0} cold loads each, against the plain form of the same run)`,
      [
        'form',
        'gzip',
        'interactive p50',
        'plain p50',
        '÷ plain',
        'evaluate + define',
        'first render',
        'key +p50',
        'key +p95',
      ],
      [
        ...r.forms.map((f) => row(f.label, f.gzip, f.interactive, f.keystrokes)),
        row('<gateway-checkout> (6, 7)', ours.gzip, ours.interactive, ours.keystrokes),
      ],
    ),
  );
  const masked = r.forms.find((f) => f.keystrokes);
  if (masked)
    console.log(
      `  Goals 1.5x and +2 ms p95: the stack's floor is ${masked.interactive.ratio.toFixed(2)}x and +${ms(masked.keystrokes!.extraP95, 2)};` +
        ` the rest of ours (${ours.interactive.ratio.toFixed(2)}x, +${ms(ours.keystrokes.extraP95, 2)}) is our own code's.`,
    );
}

// Alone: build our bundle and measure it beside the floors.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'iife'], { cwd: root, stdio: 'inherit' });
  const options = { loads: 12, typingLoads: 4 };
  const dist = join(root, 'dist');
  const pages = await startPageServer(dist);
  let ours: Awaited<ReturnType<typeof benchCustomer>>;
  try {
    ours = await benchCustomer(pages, options);
  } finally {
    await pages.close();
  }
  const floor = await benchFloor(root, join(root, 'bench', 'build', 'floor'), options);
  printFloor(floor, {
    gzip: sizeOf(dist, 'gateway-checkout.iife.js').gzip,
    interactive: ours.interactive,
    keystrokes: ours.keystrokes,
  });
}
