import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../src/contract/errors';

const NOT_BUILT =
  'The Gatehouse console is not built yet. Run `npm run build` (or `npm start`, which builds it when needed), then reload this page.\n';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Serves the built console from `distDir` and answers every other miss:
 * unknown API paths get the JSON 404 of the catalogue; any other GET that is
 * not a file gets index.html, so the console's router handles deep links.
 * Hashed files under /assets are cached for good; index.html is revalidated,
 * so a new release is picked up on the next load. Files go out precompressed
 * (brotli or gzip, from the build) to clients that accept it.
 */
export function installConsole(app: FastifyInstance, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  const assetsDir = `${sep}assets${sep}`;

  app.register(fastifyStatic, {
    root: distDir,
    dotfiles: 'ignore',
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts): served as they are, no work per request.
    preCompressed: true,
    // A missing dist/ is reported per request (503 below) rather than warned about at start.
    suppressWarning: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a stale page asking for an old chunk: a 404 lets it fail fast.
    if (isApi(path) || !isRead || path.startsWith('/assets/')) {
      return reply.status(404).send({ message: ERROR_CODES.notFound });
    }
    if (!existsSync(indexFile)) {
      return reply.status(503).header('content-type', 'text/plain; charset=utf-8').send(NOT_BUILT);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
  });
}
