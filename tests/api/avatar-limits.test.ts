import { Jimp } from 'jimp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { pngBomb } from '../support/png-bomb';

/**
 * Image uploads cannot take the server down (the CPU-abuse finding): the header
 * is checked before anything decodes, and decoding happens in a worker thread,
 * never on the main event loop. Modules of the fix are imported inside the tests
 * that need their hooks, so every other test here fails on behaviour alone
 * where the fix is missing.
 */
describe('avatar upload limits', () => {
  let t: TestApp;
  let admin = '';
  let residentId = 0;
  const upload = (image: Buffer, crop = { x: '0', y: '0', size: '10' }) => {
    const body = multipart(crop, { image: { name: 'photo.png', data: image } });
    return t.app.inject({
      method: 'POST',
      url: `/api/v0/users/${residentId}/avatar`,
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
  };
  const photo = async (mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/bmp') => {
    // Left half red, right half blue.
    const picture = new Jimp({ width: 200, height: 100, color: 0xff0000ff });
    for (let x = 100; x < 200; x++) for (let y = 0; y < 100; y++) picture.setPixelColor(0x0000ffff, x, y);
    return picture.getBuffer(mime);
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    admin = (await t.session('admin')).token;
    residentId = (await t.db.selectFrom('users').select('id').where('login', '=', 'resident').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('refuses a 48 KB PNG declaring 20000×20000 pixels with 400 invalid file, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const res = await upload(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid file' });
    // Decoded, it is 1.6 GB of RGBA; refused from its header, the process does not grow.
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a side over 8000 px, over 40 megapixels, and types other than PNG, JPEG, WebP and GIF', async () => {
    for (const image of [pngBomb(8_001, 10), pngBomb(10, 8_001), pngBomb(7_000, 7_000), await photo('image/bmp')]) {
      const res = await upload(image);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid file' });
    }
  });

  it('refuses a file over 10 MB with 400 invalid file', async () => {
    const png = await photo('image/png');
    const res = await upload(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'invalid file' });
  });
});
