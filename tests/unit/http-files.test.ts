// @vitest-environment node
// Node's fetch, FormData and Blob are one family (undici), as a browser's are; jsdom's FormData
// loses file names and contents when undici's Request serialises it.
import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/services/http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = 'http://127.0.0.1/api/v0';

// The shared setup (tests/support/setup-dom.ts) clears the browser's storage after each test.
const noStorage = { clear: () => {} };
vi.stubGlobal('localStorage', noStorage);
vi.stubGlobal('sessionStorage', noStorage);

describe('declared calls with files', () => {
  function recording(...answers: Response[]) {
    const seen: Request[] = [];
    const fetch = vi.fn(async (request: Request) => {
      seen.push(request.clone());
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    });
    const onUnauthorized = vi.fn(async () => 'fresh');
    const http = createHttp({
      getToken: () => 'tok',
      onUnauthorized,
      fetch: fetch as unknown as typeof globalThis.fetch,
      baseUrl: base,
    });
    return { http, seen, onUnauthorized };
  }

  it('sends a multipart declaration as FormData: its text fields and named files', async () => {
    const { http, seen } = recording(
      json(200, {
        data: {
          filename: '1-0123456789abcdef.wav',
          file_url: '/api/v0/uploads/emergency-audio/1-0123456789abcdef.wav',
        },
      }),
    );
    const answer = await http.call('POST /emergency-alerts/file', {
      multipart: { fields: {}, files: { file: { blob: new Blob(['RIFF']), name: 'siren.wav' } } },
    });
    expect(answer.data.filename).toBe('1-0123456789abcdef.wav');
    const form = await seen[0]!.formData();
    expect((form.get('file') as File).name).toBe('siren.wav');
    expect(seen[0]!.url).toBe(`${base}/emergency-alerts/file`);
  });

  it('fills the path parameters and refuses a call missing one before anything is sent', async () => {
    const { http, seen } = recording(
      json(200, { data: { users_attached: 1, users_created: 2, groups_created: 0, errors: [] } }),
    );
    await http.call('POST /domains/{id}/import/structure', {
      params: { id: 7 },
      multipart: { fields: { role_id: 3, tz_offset: 2 }, files: { file: new Blob(['xlsx']) } },
    });
    const form = await seen[0]!.formData();
    expect([form.get('role_id'), form.get('tz_offset')]).toEqual(['3', '2']);
    expect(seen[0]!.url).toBe(`${base}/domains/7/import/structure`);
    // @ts-expect-error `id` is required by the path
    await expect(http.call('GET /users/{id}', { params: {} })).rejects.toThrow("the path parameter 'id' is missing");
    expect(seen).toHaveLength(1);
  });

  it("answers a file call with the blob and the server's file name", async () => {
    const { http, seen } = recording(
      new Response('xlsx', { headers: { 'content-disposition': "attachment; filename*=UTF-8''Riverside%20A.xlsx" } }),
    );
    const file = await http.callFile('GET /domains/{id}/export/structure', {
      params: { id: 1 },
      searchParams: { tz_offset: 3 },
    });
    expect(file.filename).toBe('Riverside A.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    expect(new URL(seen[0]!.url).searchParams.get('tz_offset')).toBe('3');
  });

  it('a call given its own token sends that one and never asks for a refresh', async () => {
    const { http, seen, onUnauthorized } = recording(json(401, { message: 'not_authorized' }));
    await expect(http.call('POST /logout', { token: 'old' })).rejects.toMatchObject({ status: 401 });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer old');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
