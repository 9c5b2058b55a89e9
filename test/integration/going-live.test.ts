// Going live, as a merchant's developer meets it: `npm run demo` started as a person starts it,
// the doctor against it (every check ✔, in-page and isolated fields), the framework apps in
// production builds; then `npm pack` straight after the demo, its tarball installed in an empty
// project, and the server entry and the doctor's command used from there.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDoctorReport, runDoctor } from '../../src/server/index.ts';

const root = join(import.meta.dirname, '../..');
const STATUS_SECRET = 'the-demo-status-secret-for-every-process';
const work = mkdtempSync(join(tmpdir(), 'going-live-'));
let demo: ChildProcess | undefined;

afterAll(() => {
  if (demo?.exitCode === null) process.kill(-demo.pid!, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** `npm run demo` on free ports, in a process group of its own; its addresses once it is up. */
async function startDemo(): Promise<{
  shop: string;
  sandbox: string;
  fields: string;
  stop: () => Promise<void>;
}> {
  const child = spawn('npm', ['run', 'demo'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DEMO_PORT: '0',
      DEMO_FIELDS_PORT: '0',
      SANDBOX_PORT: '0',
      CHECKOUT_STATUS_SECRET: STATUS_SECRET,
      DEMO_APPS_MODE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo = child;
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 150_000;
  while (!output.includes('Ctrl-C stops.')) {
    if (child.exitCode !== null) throw new Error(`the demo exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the demo did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    shop: /Demo shop\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)![1]!,
    sandbox: /Sandbox control\s+(http:\/\/127\.0\.0\.1:\d+)\/_sandbox\//.exec(output)![1]!,
    fields: /card fields in a frame from (http:\/\/127\.0\.0\.1:\d+)\)/.exec(output)![1]!,
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The app's own script (the one its page loads as a module), as served. */
async function appScript(page: string): Promise<string> {
  const html = await (await fetch(page)).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`${page}: no module script in\n${html}`);
  return (await fetch(new URL(src, page))).text();
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });

describe('going live', () => {
  it('the doctor passes every check against npm run demo; then the tarball npm pack makes installs and serves', async () => {
    const { shop, sandbox, fields, stop } = await startDemo();
    try {
      const common = {
        baseUrl: sandbox,
        secretKey: 'sk_sandbox_test',
        webhookUrl: `${shop}/webhooks/gateway`,
        statusSecret: STATUS_SECRET,
      };
      for (const [page, fieldsOrigin] of [
        [`${shop}/`, undefined],
        [`${shop}/isolated/`, fields],
      ] as const) {
        const report = await runDoctor({ ...common, page, fieldsOrigin });
        const text = formatDoctorReport(report);
        expect(
          report.checks.filter((c) => c.status !== 'pass').map((c) => c.id),
          text,
        ).toEqual([]);
        expect(report.ok).toBe(true);
      }
      // What a person trying the shop gets: the frameworks' production builds.
      expect(await appScript(`${shop}/app/`)).toContain('Minified React error');
      const vue = await appScript(`${shop}/vue/`);
      expect(vue).not.toContain('[Vue warn]');
      expect(vue.length).toBeLessThan(400_000);
    } finally {
      await stop();
    }

    // The tarball, straight after the demo, which builds the browser parts only: on a fresh clone
    // there is no server, sandbox or types in dist/ yet (as here), and prepack must build them.
    for (const part of ['node/server', 'node/sandbox', 'types'])
      rmSync(join(root, 'dist', part), { recursive: true, force: true });
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root)) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const files = new Set(packed!.files.map((f) => f.path));
    for (const needed of [
      'dist/node/server/index.js',
      'dist/node/server/index.cjs',
      'dist/node/server/doctor/cli.js',
      'dist/node/sandbox/cli.js',
      'dist/types/server/index.d.ts',
      'docs/going-live.md',
    ])
      expect(files, needed).toContain(needed);

    const app = join(work, 'app');
    run('mkdir', ['-p', app], work);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'a-shop', private: true, type: 'module' }),
    );
    run('npm', ['install', join(work, packed!.filename), '--prefer-offline', '--no-audit', '--no-fund'], app);
    const imported = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const s = await import('gateway-checkout/server'); console.log(typeof s.runDoctor, typeof s.createCheckoutHandler, typeof s.GatewayClient);",
      ],
      app,
    );
    expect(imported.trim()).toBe('function function function');
    const required = run(
      process.execPath,
      ['-e', "console.log(typeof require('gateway-checkout/server').runDoctor)"],
      app,
    );
    expect(required.trim()).toBe('function');
    expect(existsSync(join(app, 'node_modules/.bin/gateway-checkout'))).toBe(true);
    expect(run(join(app, 'node_modules/.bin/gateway-checkout'), ['--help'], app)).toMatch(
      /Usage: gateway-checkout doctor/,
    );
  }, 600_000);
});
