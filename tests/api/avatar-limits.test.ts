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

  it('refuses a file over 10 MB with 400, naming the image field and its limit', async () => {
    const png = await photo('image/png');
    const res = await upload(Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'invalid data sent',
      errors: { image: { code: 'max_value', params: { max: 10 * 1024 * 1024 } } },
    });
  });

  it('decodes off the main thread: PNG, JPEG and GIF are still cropped and scaled as before', async () => {
    const read = vi.spyOn(Jimp, 'read');
    for (const mime of ['image/png', 'image/jpeg', 'image/gif'] as const) {
      const res = await upload(await photo(mime), { x: '100', y: '0', size: '100' });
      expect(res.statusCode, `${mime}: ${res.body}`).toBe(200);
      const stored = await t.app.inject({ method: 'GET', url: res.json().data.avatar_url });
      expect(read).not.toHaveBeenCalled(); // the server never decoded on this thread
      const picture = await Jimp.read(stored.rawPayload);
      expect([picture.bitmap.width, picture.bitmap.height]).toEqual([256, 256]);
      const { r, g, b } = intToRgb(picture.getPixelColor(128, 128)); // blue, the right half (JPEG is lossy)
      expect(b, mime).toBeGreaterThan(200);
      expect(r + g, mime).toBeLessThan(60);
      read.mockClear();
    }
  }, 60_000); // three worker starts on a busy machine

  it('answers 400 invalid file, not 500, for a picture whose header is fine but whose data is not, decoded off the main thread', async () => {
    const read = vi.spyOn(Jimp, 'read');
    const png = await photo('image/png');
    const jpeg = await photo('image/jpeg');
    const broken = [
      png.subarray(0, Math.floor(png.length / 2)), // truncated
      Buffer.concat([png.subarray(0, 50), Buffer.alloc(500, 0x55), png.subarray(png.length - 12)]), // garbage pixels
      jpeg.subarray(0, 200), // a JPEG header and nothing else
    ];
    for (const image of broken) {
      const res = await upload(image);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid file' });
    }
    expect(read).not.toHaveBeenCalled();
  }, 60_000);

  it('stops a worker that overruns its deadline and answers 400 invalid file', async () => {
    const { IMAGE_JOB_LIMITS, imageJobStats } = await import('../../server/workers/image-jobs');
    const timeout = IMAGE_JOB_LIMITS.timeoutMs;
    const timedOut = imageJobStats.timedOut;
    IMAGE_JOB_LIMITS.timeoutMs = 1; // less than any worker needs to start
    try {
      const res = await upload(await photo('image/png'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid file' });
      expect(imageJobStats.timedOut).toBe(timedOut + 1);
    } finally {
      IMAGE_JOB_LIMITS.timeoutMs = timeout;
    }
  });

  it('answers 429 too many requests with Retry-After when the decoding line is full', async () => {
    const { imageQueue, IMAGE_JOB_LIMITS } = await import('../../server/workers/image-jobs');
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: IMAGE_JOB_LIMITS.concurrency + IMAGE_JOB_LIMITS.waiting }, () =>
      imageQueue.run(() => gate),
    );
    try {
      const res = await upload(await photo('image/png'));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: 'too many requests' });
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await upload(await photo('image/png'))).statusCode).toBe(200);
  });
});

function intToRgb(color: number) {
  return { r: (color >>> 24) & 0xff, g: (color >>> 16) & 0xff, b: (color >>> 8) & 0xff };
}
