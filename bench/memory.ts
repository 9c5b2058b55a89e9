// Section 8: does a single-page app that shows and hides the checkout leak? Mounts a configured
// <gateway-checkout> (session loaded, card form rendered), removes it, many times over, and compares
// the heap after a forced garbage collection before and after, with the elements left detached.
import type { CDPSession, Page } from 'playwright';
import { inFreshContext, launchChromium, PAGE_TIMEOUT_MS, type PageServer, withTimeout } from './pages.ts';
import { table } from './stats.ts';

export interface MemoryOptions {
  cycles: number;
  /** Unmeasured cycles first: lazily built styles, templates and JIT code are kept once, by design. */
  warmup: number;
}

interface HeapState {
  /** JS heap in use after a forced full GC (Runtime.getHeapUsage). */
  usedBytes: number;
  /** DOM nodes alive (Performance.getMetrics "Nodes"). */
  nodes: number;
  /** Elements no longer in the document but still reachable (DOM.getDetachedDomNodes). */
  detachedElements: number;
  /** Of which <template>: Lit keeps one per template it has rendered, by design, never per instance. */
  detachedTemplates: number;
}

export interface MemoryResult {
  cycles: number;
  /** Wall time of one mount → configured → unmount cycle, in ms. */
  cycleMs: number;
  before: HeapState;
  after: HeapState;
  growthBytes: number;
  growthPerCycleBytes: number;
}

async function heapState(cdp: CDPSession): Promise<HeapState> {
  // Twice: the first collection can leave objects only the second finds unreachable (weak maps, finalizers).
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
  return {
    usedBytes: usedSize,
    nodes: metrics.find((m) => m.name === 'Nodes')?.value ?? Number.NaN,
    detachedElements: detachedNodes.length,
    detachedTemplates: detachedNodes.filter((d) => d.treeNode.localName === 'template').length,
  };
}

/** Mounts and unmounts `count` checkouts in the page; each waits for gateway-ready and its rendered card form. */
function cycle(page: Page, count: number): Promise<number> {
  return withTimeout(
    page.evaluate(async (n) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        const checkout = document.createElement('gateway-checkout') as HTMLElement & {
          updateComplete: Promise<boolean>;
        };
        checkout.setAttribute('session-url', '/session');
        const ready = new Promise<void>((resolve, reject) => {
          checkout.addEventListener('gateway-ready', () => resolve(), { once: true });
          checkout.addEventListener(
            'gateway-error',
            (e) => reject(new Error(JSON.stringify((e as CustomEvent).detail))),
            {
              once: true,
            },
          );
        });
        document.body.append(checkout);
        await ready;
        await checkout.updateComplete;
        const form = checkout.shadowRoot?.querySelector('gateway-card-form') as
          | (HTMLElement & { updateComplete: Promise<boolean> })
          | null;
        if (!form) throw new Error(`cycle ${i}: the configured checkout shows no card form`);
        await form.updateComplete;
        checkout.remove();
      }
      return (performance.now() - start) / n;
    }, count),
    // A cycle is a few milliseconds; a minute per thousand leaves room for a very busy machine.
    PAGE_TIMEOUT_MS + count * 60,
    `${count} mount/unmount cycles did not finish`,
  );
}

export async function benchMemory(server: PageServer, options: MemoryOptions): Promise<MemoryResult> {
  const browser = await launchChromium();
  try {
    return await inFreshContext(browser, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/empty`, { waitUntil: 'load' });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('DOM.enable');
      await cycle(page, options.warmup);
      const before = await heapState(cdp);
      const cycleMs = await cycle(page, options.cycles);
      const after = await heapState(cdp);
      if (await page.evaluate(() => document.querySelector('gateway-checkout') !== null)) {
        throw new Error('a checkout is still in the document after the loop');
      }
      const growthBytes = after.usedBytes - before.usedBytes;
      return {
        cycles: options.cycles,
        cycleMs,
        before,
        after,
        growthBytes,
        growthPerCycleBytes: growthBytes / options.cycles,
      };
    });
  } finally {
    await browser.close();
  }
}

export const MB = (bytes: number): string => `${(bytes / 1e6).toFixed(3)} MB`;

export function printMemory(r: MemoryResult): void {
  console.log(
    table(
      `8. Memory: ${r.cycles} mount/unmount cycles of a configured <gateway-checkout> (${r.cycleMs.toFixed(2)} ms each), after warm-up mounts; heap after forced GC (CDP)`,
      ['measure', 'before', 'after', 'change'],
      [
        ['JS heap used', MB(r.before.usedBytes), MB(r.after.usedBytes), MB(r.growthBytes)],
        ['DOM nodes', r.before.nodes, r.after.nodes, r.after.nodes - r.before.nodes],
        [
          'detached elements',
          r.before.detachedElements,
          r.after.detachedElements,
          r.after.detachedElements - r.before.detachedElements,
        ],
        [
          "  of which <template> (Lit's template cache)",
          r.before.detachedTemplates,
          r.after.detachedTemplates,
          r.after.detachedTemplates - r.before.detachedTemplates,
        ],
      ],
    ),
  );
  console.log(`  growth per cycle: ${(r.growthPerCycleBytes).toFixed(0)} B`);
}
