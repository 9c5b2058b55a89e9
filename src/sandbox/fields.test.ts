import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from './server.ts';

describe('GET /fields/', () => {
  it('serves the isolated card fields from the sandbox’s origin: framed by loopback pages, paying the sandbox only', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'fields'), { recursive: true });
    writeFileSync(join(dist, 'fields', 'index.html'), '<!doctype html><title>Card details</title>');
    const sandbox = await startSandbox({ port: 0, distDir: dist });
    try {
      const res = await fetch(`${sandbox.url}/fields/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain(`connect-src ${sandbox.url}`);
      expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*');
      expect(await res.text()).toContain('Card details');
    } finally {
      await sandbox.close();
    }
  });

  it('says how to build the page when it is not built', async () => {
    const sandbox = await startSandbox({ port: 0, distDir: mkdtempSync(join(tmpdir(), 'empty-')) });
    try {
      const res = await fetch(`${sandbox.url}/fields/`);
      expect(res.status).toBe(404);
      expect(await res.text()).toMatch(/npm run build/);
    } finally {
      await sandbox.close();
    }
  });
});
