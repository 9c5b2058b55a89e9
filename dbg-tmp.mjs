import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const rows = [];
for (let i = 0; i < 24; i++) {
  const path = i % 2 ? '/isolated/?render=client' : '/isolated/';
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    if (window.parent === window) {
      window.__ready = new Promise((resolve) => {
        const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
        Object.defineProperty(MessagePort.prototype, 'onmessage', { ...onmessage, set(h) { onmessage.set.call(this, (e) => { if (e.data?.type === 'ready') resolve(performance.now()); h?.call(this, e); }); } });
      });
      window.__defined = customElements.whenDefined('gateway-checkout').then(() => performance.now());
      return;
    }
    window.__t = new Promise((resolve) => {
      const check = () => {
        const input = document.querySelector('gateway-card-form')?.shadowRoot?.getElementById('number');
        if (input && input.checkVisibility()) resolve(performance.now()); else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    window.__defined = customElements.whenDefined('gateway-card-form').then(() => performance.now());
  });
  await page.goto('http://127.0.0.1:5373' + path);
  let fr;
  for (let k = 0; k < 400 && !fr; k++) { fr = page.frames().find(f => f.url().includes(':5374/') && !f.url().includes('pay.html')); if (!fr) await new Promise(r => setTimeout(r, 5)); }
  const p = await page.evaluate(async () => ({ origin: performance.timeOrigin, dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventStart, defined: await window.__defined, ready: await window.__ready, bundle: performance.getEntriesByType('resource').find(r => r.name.includes('iife'))?.responseEnd }));
  const f = await fr.evaluate(async () => {
    const n = performance.getEntriesByType('navigation')[0];
    return { origin: performance.timeOrigin, respEnd: n.responseEnd, domInteractive: n.domInteractive, takes: await window.__t, defined: await window.__defined };
  });
  const off = f.origin - p.origin;
  rows.push(Object.fromEntries(Object.entries({ ssr: i % 2 ? 0 : 1, frameNav: off, frameResp: off + f.respEnd, frameDomInt: off + f.domInteractive, takesInput: off + f.takes, frameScript: off + f.defined, parentBundle: p.bundle, parentDcl: p.dcl, parentDefined: p.defined, ready: p.ready }).map(([k, v]) => [k, Math.round(v)])));
  await ctx.close();
}
console.table(rows);
const med = (a) => { a = [...a].sort((x, y) => x - y); return a[a.length >> 1]; };
for (const s of [1, 0]) { const r = rows.filter((x) => x.ssr === s); console.log(s ? 'ssr' : 'client', 'takes', med(r.map((x) => x.takesInput)), 'ready', med(r.map((x) => x.ready)), 'frameNav', med(r.map((x) => x.frameNav))); }
await browser.close();
