import { Jimp } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';

describe('user avatars', () => {
  let t: TestApp;
  let admin = '';
  let residentId = 0;
  const upload = (id: number, token: string, fields: Record<string, string>, image?: Buffer) => {
    const body = multipart(fields, image ? { image: { name: 'photo.png', data: image } } : {});
    return t.app.inject({
      method: 'POST',
      url: `/api/v0/users/${id}/avatar`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    admin = (await t.session('admin')).token;
    residentId = (await t.db.selectFrom('users').select('id').where('login', '=', 'resident').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.close());

  it('crops the chosen square, stores a 256 px PNG and answers the user with its URL', async () => {
    // Left half red, right half blue: a crop of the right half must come out blue.
    const photo = new Jimp({ width: 200, height: 100, color: 0xff0000ff });
    for (let x = 100; x < 200; x++) for (let y = 0; y < 100; y++) photo.setPixelColor(0x0000ffff, x, y);
    const res = await upload(residentId, admin, { x: '100', y: '0', size: '100' }, await photo.getBuffer('image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.avatar_url;
    expect(url).toMatch(/^\/api\/v0\/uploads\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const stored = await Jimp.read(picture.rawPayload);
    expect([stored.bitmap.width, stored.bitmap.height]).toEqual([256, 256]);
    expect(stored.getPixelColor(128, 128)).toBe(0x0000ffff);
  });

  it('deletes the avatar: the URL is cleared and the file is gone', async () => {
    const before = (await t.call('GET', `/users/${residentId}`, { token: admin })).json().data.avatar_url as string;
    const res = await t.call('DELETE', `/users/${residentId}/avatar`, { token: admin });
    expect(res.json().data.avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
  });

  it('refuses a missing image, bad crop numbers, a file that is not an image and callers without the right', async () => {
    const missing = await upload(residentId, admin, { x: '0', y: '0', size: '10' });
    expect(missing.json().errors).toEqual({ image: { code: 'required' } });
    const png = await new Jimp({ width: 10, height: 10, color: 0xffffffff }).getBuffer('image/png');
    const bad = await upload(residentId, admin, { x: '-1', y: 'a', size: '10' }, png);
    expect(bad.json().errors).toEqual({ x: { code: 'number' }, y: { code: 'number' } });
    const junk = await upload(residentId, admin, { x: '0', y: '0', size: '10' }, Buffer.from('not an image'));
    expect(junk.json()).toEqual({ message: 'invalid file' });
    const resident = (await t.session('resident')).token;
    const adminId = (await t.db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    expect((await upload(adminId, resident, { x: '0', y: '0', size: '10' }, png)).statusCode).toBe(403);
  });
});
