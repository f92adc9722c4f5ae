import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

// Over the 1 KB threshold, so that a plain copy would be compressed on the fly if the .br were not used.
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const FROM_BUILD = 'written by the build, not compressed by the server';

describe.each(dialects)('compression (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  let token: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-3f2a.js'), ASSET);
    // The precompressed twin holds other text: an answer decoding to it came from this file.
    writeFileSync(join(dist, 'assets', 'app-3f2a.js.br'), brotliCompressSync(FROM_BUILD));
    t = await buildTestApp(dialect, { distDir: dist });
    token = (await t.session('admin')).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a list answer comes compressed (brotli first) and decodes to the same JSON', async () => {
    const plain = await t.call('GET', '/users/items?size=50', { token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.call('GET', '/users/items?size=50', { token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // Compression keeps the security headers.
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await t.call('GET', '/users/items?size=50', { token, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a small answer goes out as it is', async () => {
    const res = await t.call('GET', '/info', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it("a console asset comes from the build's .br file", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f2a.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(FROM_BUILD);
  });

  it('a client that accepts no compression gets the plain asset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET);
  });
});
