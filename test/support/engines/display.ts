import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

// What WebKit needs around it on a machine without a screen: an X display of its own (MiniBrowser
// has no headless mode and hangs without one) and a WebKitWebDriver on a free port.

export interface Running {
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

function running(child: ChildProcess): Running {
  return {
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts an Xvfb display of its own and answers its name (":N"): Xvfb picks a free display number
 * itself (`-displayfd`), so parallel runs on one machine never share or collide.
 */
export async function startDisplay(): Promise<{ display: string } & Running> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    child.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    child.stdio[3]?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
  });
  return { display, ...running(child) };
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts WebKitWebDriver on a free port on this display; resolves once it answers /status. */
export async function startWebKitDriver(display: string): Promise<{ port: number } & Running> {
  const port = await freePort();
  const child = spawn(process.env.WEBKIT_WEBDRIVER || 'WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/status`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) return { port, ...running(child) };
    if (Date.now() > deadline) {
      child.kill();
      throw new Error('WebKitWebDriver did not answer within 15 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
