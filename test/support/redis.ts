// A real, throw-away Redis for the tests and the benchmark: Debian's redis-server on a free loopback
// port, in a temporary directory, with persistence off, stopped (and its directory removed) after.
// A machine without redis-server fails loudly with the package to install: never a silent skip.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const binary = () => process.env.REDIS_SERVER || 'redis-server';

const missing = () =>
  `${binary()} was not found: the tests of gateway-checkout/server/redis need a real Redis. ` +
  "Install Debian's package redis-server (apt-get install redis-server; .ci/run does it), " +
  'or set REDIS_SERVER to the path of a redis-server binary.';

class MissingRedis extends Error {}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    binary(),
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 10 s:\n${output}`));
    }, 10_000);
    const settle = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      if (error) reject(error);
      else resolve(child);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      settle(error.code === 'ENOENT' ? new MissingRedis(missing()) : error),
    );
    child.once('exit', (code) => settle(new Error(`redis-server exited (${code}) at start:\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.removeAllListeners('exit');
        settle();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
}

/** Starts a private redis-server; a second try covers a port taken between probing and binding. */
export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-checkout-redis-'));
  let child: ChildProcess | undefined;
  let port = 0;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      lastError = error;
      if (error instanceof MissingRedis) break;
    }
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError;
  }
  const running = child;
  // Drain its log so a chatty server never blocks on a full pipe.
  running.stdout?.resume();
  running.stderr?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (running.exitCode !== null || running.signalCode !== null) return done();
        running.once('exit', done);
        running.kill('SIGTERM');
      }),
  };
}
