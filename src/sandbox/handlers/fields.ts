/** GET /fields/: the isolated card fields, served from the sandbox's origin as a merchant serves them from theirs. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createFieldsHandler } from '../../server/fields.ts';
import type { SurfaceHandler } from '../http.ts';

/**
 * Any loopback page may frame the fields, and they may POST the card to this sandbox only (and ask
 * a loopback merchant's session endpoint for the order). Read from
 * `distDir` on each request, so a build made while the sandbox runs is served at once.
 */
export function fieldsHandler(distDir: string | null, origin: () => string): SurfaceHandler {
  return async (request) => {
    const dir = distDir && join(distDir, 'fields');
    if (!dir || !existsSync(join(dir, 'index.html'))) {
      return new Response('The fields page is not built (npm run build).', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const fields = createFieldsHandler({
      dir,
      frameAncestors: ['http://127.0.0.1:*', 'http://localhost:*'],
      gatewayOrigins: [origin()],
      // Any loopback shop's endpoint, for development: a shop's own handler names its exact one.
      sessionEndpoints: ['http://127.0.0.1:*/*', 'http://localhost:*/*'],
    });
    return fields(request);
  };
}
