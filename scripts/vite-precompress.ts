import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every
 * compressible file of the console build, once at build time; the server sends
 * them with @fastify/static `preCompressed` (server/http/plumbing/console.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of new Set([...Object.keys(bundle), 'index.html'])) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = join(outDir, fileName);
        let source: Buffer;
        try {
          source = readFileSync(file);
        } catch {
          continue;
        }
        if (source.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}
