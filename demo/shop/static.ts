import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pagePolicy } from '../http/headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

// As the shop's own pages: scripts and styles from this origin only; payments and the 3-D Secure
// frame go to the gateway (any loopback port here, the gateway's domain in production).
const CSP = pagePolicy([
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self' http://127.0.0.1:*",
  'frame-src http://127.0.0.1:*',
  "img-src 'self' data:",
  // The checkout's Direct Post form goes to the gateway.
  "form-action 'self' http://127.0.0.1:*",
]);

/**
 * Serves a built single-page app: its files under /<app>/assets/, and its index.html for every
 * other address below /<app>/, where the app's router takes over.
 */
export async function serveApp(res: ServerResponse, appsDir: string, app: 'app' | 'vue', rest: string) {
  const dir = join(appsDir, app);
  const asset = rest.startsWith('assets/') ? normalize(rest) : null;
  const file = asset && !asset.startsWith('..') ? join(dir, asset) : join(dir, 'index.html');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    res.writeHead(asset ? 404 : 503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(asset ? 'Not found' : `The ${app} demo is not built: run npm run demo.`);
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    // Built file names carry a content hash; the page itself must be fetched afresh.
    'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-store',
    ...(asset ? {} : { 'content-security-policy': CSP }),
  });
  res.end(body);
}
