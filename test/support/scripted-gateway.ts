import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { GatewayError } from '../../src/server/errors.ts';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type Script = (req: Recorded, res: ServerResponse) => void;

export const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const answerEmpty: Script = (_req, res) => send(res, 200, {});

/**
 * A scripted fake gateway on a real port, for the file that calls this: records every request and
 * answers as `script` says (an empty 200 until a test sets it; reset after each test).
 */
export function scriptedGateway() {
  let server: Server;
  const gateway = { base: '', requests: [] as Recorded[], script: answerEmpty };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rec = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        };
        gateway.requests.push(rec);
        gateway.script(rec, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    gateway.requests = [];
    gateway.script = answerEmpty;
  });
  return gateway;
}

/** The GatewayError `promise` rejects with (a resolution fails the test). */
export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }
  throw new Error('expected a rejection');
}
