// `gateway-checkout doctor` as a merchant runs it: flags or environment, one line per check, --json
// for CI, exit status 1 when a check fails and 2 when the command line is wrong.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GOOD_POLICY, type Shop, STATUS_SECRET, startShop, subscribe } from './test-helpers.ts';
import type { DoctorReport } from './types.ts';

const root = join(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const cli = join(import.meta.dirname, 'cli.ts');

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const clean = { ...process.env };
    for (const name of ['GATEWAY_BASE_URL', 'GATEWAY_SECRET_KEY', 'CHECKOUT_STATUS_SECRET'])
      delete clean[name];
    execFile(tsx, [cli, ...args], { env: { ...clean, ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let shop: Shop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe('gateway-checkout doctor', () => {
  it('all well from the environment: every line ✔, exit 0', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    await subscribe(shop);
    const { code, stdout } = await run(['doctor', '--page', shop.page, '--webhook-url', shop.webhookUrl], {
      GATEWAY_BASE_URL: shop.sandbox.url,
      GATEWAY_SECRET_KEY: shop.sandbox.secretKey,
      CHECKOUT_STATUS_SECRET: STATUS_SECRET,
    });
    expect(stdout).toMatch(/Every check passed/);
    const lines = stdout.trim().split('\n').slice(0, -2);
    expect(lines.length).toBe(15);
    for (const line of lines) expect(line).toMatch(/^✔ /);
    expect(code).toBe(0);
  }, 60_000);

  it('a wrong key given as a flag: ✘ with the fix, exit 1; --json says the same for CI', async () => {
    shop = await startShop({ policy: GOOD_POLICY });
    const args = ['doctor', '--base-url', shop.sandbox.url, '--key', 'sk_wrong', '--page', shop.page];
    const text = await run(args);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^✘ Secret key: the gateway at .* refused the key \(403\)\. Fix: copy the secret key/m,
    );
    expect(text.stdout).not.toContain('sk_wrong');
    const json = await run([...args, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as DoctorReport;
    expect(report.ok).toBe(false);
    expect(report.checks[0]).toMatchObject({ id: 'key', status: 'fail' });
  }, 60_000);

  it('a wrong command line: what is wrong and the usage, exit 2', async () => {
    const missing = await run(['doctor', '--base-url', 'http://127.0.0.1:1']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--key \(or GATEWAY_SECRET_KEY\) is required/);
    const bad = await run(['doctor', '--base-url', 'not a url', '--key', 'k']);
    expect(bad.stderr).toMatch(/--base-url must be an absolute URL/);
    const unknown = await run(['docter']);
    expect(unknown.stderr).toMatch(/unknown command "docter"[\s\S]*Usage: gateway-checkout doctor/);
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--expect live\|test/);
  }, 60_000);
});
