// `npm run demo` as a person runs it: it says where everything is, Ctrl-C or SIGTERM stops all of
// it (the sandbox, the shop, the fields origin), and a port in use is one line, not a stack trace.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  // A test that failed half-way leaves nothing running.
  for (const child of children.splice(0)) if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
});

interface Demo {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm run demo` in a process group of its own (as a terminal runs it), on free ports. */
function npmRunDemo(env: Record<string, string> = {}): Demo {
  const child = spawn('npm', ['run', 'demo'], {
    cwd: root,
    detached: true,
    env: { ...process.env, DEMO_PORT: '0', DEMO_FIELDS_PORT: '0', SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function started(demo: Demo): Promise<{ shop: string; sandbox: string; fields: string }> {
  const deadline = Date.now() + 90_000;
  while (!demo.output().includes('Ctrl-C stops.')) {
    if (demo.child.exitCode !== null) throw new Error(`the demo exited:\n${demo.output()}`);
    if (Date.now() > deadline) throw new Error(`the demo did not start:\n${demo.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const text = demo.output();
  return {
    shop: /Demo shop\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(text)![1]!,
    sandbox: /Sandbox control\s+(http:\/\/127\.0\.0\.1:\d+)\/_sandbox\//.exec(text)![1]!,
    fields: /card fields in a frame from (http:\/\/127\.0\.0\.1:\d+)\)/.exec(text)![1]!,
  };
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status,
    () => 'closed',
  );

async function stopsEverything(signal: 'SIGTERM' | 'SIGINT', toGroup: boolean) {
  const demo = npmRunDemo();
  const { shop, sandbox, fields } = await started(demo);
  expect(demo.output()).toContain('Agent sign-in    user agent, password demo-agent-password');
  expect(await answers(`${shop}/`)).toBe(200);
  expect(await answers(`${sandbox}/_sandbox/`)).toBe(200);
  // Ctrl-C reaches every process of the terminal's group; SIGTERM (a service manager, `kill`) only npm.
  if (toGroup) process.kill(-demo.child.pid!, signal);
  else demo.child.kill(signal);
  await demo.exited;
  // npm is gone; nothing it started may keep serving.
  for (const url of [`${shop}/`, `${sandbox}/_sandbox/`, `${fields}/`]) {
    await expect.poll(() => answers(url), { timeout: 10_000 }).toBe('closed');
  }
}

describe('npm run demo', () => {
  it('stops the sandbox, the shop and the fields origin on SIGTERM to npm', async () => {
    await stopsEverything('SIGTERM', false);
  }, 120_000);

  it('stops everything on Ctrl-C', async () => {
    await stopsEverything('SIGINT', true);
  }, 120_000);

  it('says in one line which port is in use, without a stack trace, and leaves nothing running', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const demo = npmRunDemo({ DEMO_PORT: String(port) });
      const code = await demo.exited;
      expect(code).not.toBe(0);
      const output = demo.output();
      expect(output).toContain(
        `The demo shop (DEMO_PORT) cannot listen on port ${port}: it is in use. Stop what runs there or choose another port.`,
      );
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  }, 120_000);
});
