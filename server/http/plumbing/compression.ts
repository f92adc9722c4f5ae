import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (@fastify/compress) when the client accepts them: brotli at
 * its fast level (4, the plugin's default) or gzip, for compressible types of
 * 1 KB and more; a list page of JSON shrinks several times. Already compressed
 * files (xlsx, png) are not compressible types and pass as they are; the
 * console's assets come precompressed from the build (console.ts), and answers
 * that carry a content-encoding are left alone. WebSocket upgrades are hijacked
 * and never reach this hook.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
