import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserListSchema } from '../../src/contract/entities/user';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/**
 * The users list at scale (docs/decisions.md, Lists): narrow rows, keyset cursors, the
 * name search through its index, and cached totals that follow every write.
 */
describe.each(dialects)('users list: rows, cursors, search index, totals (%s)', (dialect) => {
  let t: TestApp;
  let token = '';
  let role = 0;
  let group = 0;
  const ids: Record<string, number> = {};

  const get = (query: string) => t.call('GET', `/users/items?${query}`, { token });
  const list = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(UserListSchema, res.json());
  };
  const search = async (value: string) =>
    (
      await list(
        `size=100&sort=login&filters=${encodeURIComponent(JSON.stringify([{ field: 'search', rule: 'contains', value }]))}`,
      )
    ).data.map((u) => u.login);
  const create = async (login: string, name: string, email: string | null = null) => {
    const res = await t.call('PUT', '/users', {
      token,
      body: { login, name, email, role_id: role, domains: [group], send_registration_link: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[login] = res.json().data;
    return ids[login]!;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const session = await t.session('admin');
    token = session.token;
    role = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('project_id', '=', session.project.id)
        .where('is_admin', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    group = (
      await t.db
        .selectFrom('domains')
        .select('id')
        .where('project_id', '=', session.project.id)
        .orderBy('lft')
        .executeTakeFirstOrThrow()
    ).id;
    // Names out of login order, two of them equal (the id breaks the tie).
    for (const [login, name] of [
      ['kp01', 'Kappa Delta'],
      ['kp02', 'Kappa Alpha'],
      ['kp03', 'Kappa Echo'],
      ['kp04', 'Kappa Bravo'],
      ['kp05', 'Kappa Bravo'],
      ['kp06', 'Kappa Charlie'],
      ['kp07', 'Kappa Foxtrot'],
    ]) {
      await create(login!, name!, `${login}@Example.org`);
    }
    await create('ivanov', 'Иванов Пётр Сергеевич', 'petr@example.org');
  });
  afterAll(() => t.close());

  it('answers list rows with exactly the fields the list shows; the item call has the whole user', async () => {
    const page = await list('size=5');
    expect(Object.keys(page.data[0]!).sort()).toEqual([
      'activated_at',
      'avatar_url',
      'domains',
      'email',
      'id',
      'login',
      'markers',
      'name',
      'role',
    ]);
    const item = await t.call('GET', `/users/${ids.kp01}`, { token });
    expect(Object.keys(item.json().data)).toContain('license_info');
    expect(Object.keys(item.json().data)).toContain('profile');
  });

  it('pages through a cursor to the same rows as page numbers, in both directions', async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: 'login', rule: 'begins_with', value: 'kp' }]));
    for (const sort of ['name', '-name']) {
      const byNumber: string[][] = [];
      for (const page of [1, 2, 3]) {
        byNumber.push((await list(`size=3&sort=${sort}&filters=${filter}&page=${page}`)).data.map((u) => u.login));
      }
      const byCursor: string[][] = [];
      let after: string | null | undefined = null;
      for (const page of [1, 2, 3]) {
        const answer = await list(
          `size=3&sort=${sort}&filters=${filter}&page=${page}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        );
        byCursor.push(answer.data.map((u) => u.login));
        after = answer.meta.next;
        expect(answer.meta.total).toBe(7);
      }
      expect(byCursor).toEqual(byNumber);
      // The last page has no page after it.
      expect(after).toBeNull();
    }
    const ascending = (await list(`size=3&sort=name&filters=${filter}`)).data.map((u) => u.login);
    expect(ascending).toEqual(['kp02', 'kp04', 'kp05']);
  });

  it('refuses a cursor that is not one, or one of another sort, as wrong parameters', async () => {
    const first = await list('size=2&sort=name');
    expect(first.meta.next).toEqual(expect.any(String));
    for (const query of [
      `size=2&sort=-name&page=2&after=${encodeURIComponent(first.meta.next!)}`,
      'size=2&sort=name&page=2&after=not-a-cursor',
      `size=2&sort=name&page=2&after=${Buffer.from('["name",0,{"x":1},3]').toString('base64url')}`,
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('wrong parameters');
    }
  });

  it('finds substrings of name, e-mail and login in any case, Cyrillic too', async () => {
    expect(await search('APPA BRA')).toEqual(['kp04', 'kp05']);
    expect(await search('example.ORG')).toEqual(expect.arrayContaining(['kp01', 'kp07', 'ivanov']));
    expect(await search('ПЁТР')).toEqual(['ivanov']);
    expect(await search('петр')).toEqual([]);
    expect(await search('сергеев')).toEqual(['ivanov']);
    // Shorter than a trigram: still a substring search.
    expect(await search('p0')).toEqual(['kp01', 'kp02', 'kp03', 'kp04', 'kp05', 'kp06', 'kp07']);
    // LIKE wildcards are plain characters.
    expect(await search('kp_1')).toEqual([]);
  });

  it('keeps the search index in step with inserts, renames and deletes', async () => {
    const id = await create('zulu1', 'Zanzibar Quokka');
    expect(await search('zibar quo')).toEqual(['zulu1']);
    const renamed = await t.call('PATCH', `/users/${id}`, { token, body: { name: 'Walrus Yonder' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search('zibar quo')).toEqual([]);
    expect(await search('rus yon')).toEqual(['zulu1']);
    if (dialect === 'sqlite') {
      // The trigger itself: a row deleted from users leaves the index.
      const matches = async () =>
        (
          await sql<{ n: number }>`select count(*) as n from users_search where users_search match '"rus yon"'`.execute(
            t.db,
          )
        ).rows[0]!.n;
      expect(await matches()).toBe(1);
      await t.db.deleteFrom('memberships').where('user_id', '=', id).execute();
      await t.db.deleteFrom('user_domains').where('user_id', '=', id).execute();
      await t.db.deleteFrom('users').where('id', '=', id).execute();
      expect(await matches()).toBe(0);
    }
  });

  it('counts again after users are created and deleted (the cached total follows writes)', async () => {
    const before = (await list('size=1')).meta.total;
    expect((await list('size=1')).meta.total).toBe(before);
    const id = await create('count1', 'Counted Once');
    expect((await list('size=1')).meta.total).toBe(before + 1);
    const filtered = `size=1&filters=${encodeURIComponent(JSON.stringify([{ field: 'login', rule: 'equals', value: 'count1' }]))}`;
    expect((await list(filtered)).meta.total).toBe(1);
    const gone = await t.call('DELETE', `/users/${id}`, { token });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list('size=1')).meta.total).toBe(before);
    expect((await list(filtered)).meta.total).toBe(0);
  });
});
