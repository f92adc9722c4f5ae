import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '../../server/db/seed/roles';
import { ProfileSchema } from '../../src/contract/entities/profile';
import { ALL_PERMISSIONS } from '../../src/contract/permissions';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';

describe.each(dialects)('profile (%s)', (dialect) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    staff = (await t.session('staff')).token;
  });
  afterAll(() => t.close());

  describe('GET /profile', () => {
    it('answers the contract shape with the role, project and profile defaults', async () => {
      const res = await t.call('GET', '/profile', { token: staff });
      expect(res.statusCode).toBe(200);
      const profile = v.parse(ProfileSchema, res.json().data);
      expect(profile).toMatchObject({
        login: 'staff',
        name: 'Sam Staff',
        firstname: 'Sam',
        lastname: 'Staff',
        email: 'staff@example.com',
        locale: 'en',
        is_app_popup_active: true,
        // The demo staff member holds a virtual number (issue 5); the softphone registers with it.
        sip_number: { number: '100001', name: 'Sam Staff' },
        project: { name: 'Riverside Residence' },
        role: { name: 'staff' },
        profile: {
          time_zone: 2,
          identifier_format: 'dec',
          use_phone_in_forward: false,
          locale: 'en',
          is_app_popup_active: true,
          sip_number_id: null,
        },
      });
      expect(profile.role.permissions).toEqual(ROLE_PRESETS.staff);
      // Exactly the contract's keys: nothing internal (password hash, deleted_at) leaks.
      expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(ProfileSchema.entries).sort());
    });

    it("gives the administrator the whole catalogue and the role of the token's project", async () => {
      const office = await t.session('admin', PASSWORDS.admin, 'Harbour Office');
      const profile = (await t.call('GET', '/profile', { token: office.token })).json().data;
      expect(profile.role.name).toBe('admin');
      expect(profile.role.permissions).toEqual([...ALL_PERMISSIONS]);
      expect(profile.project).toEqual(office.project);
    });
  });

  describe('PATCH /profile', () => {
    it('saves own fields and answers the updated profile', async () => {
      const res = await t.call('PATCH', '/profile', {
        token: staff,
        body: {
          name: '  Samuel Staff ',
          firstname: 'Samuel',
          email: 'samuel@example.com',
          phone: '+37120000000',
          description: 'Day shift',
          locale: 'ru',
          profile: {
            phone: '+37120000001',
            address: 'Riverside 1',
            use_phone_in_forward: true,
            country_code: 'LV',
            time_zone: 3,
            identifier_format: 'hex',
            time_format: 'YYYY-MM-DD HH:NN:SS',
          },
        },
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        name: 'Samuel Staff',
        firstname: 'Samuel',
        email: 'samuel@example.com',
        phone: '+37120000000',
        description: 'Day shift',
        locale: 'ru',
        profile: {
          phone: '+37120000001',
          address: 'Riverside 1',
          use_phone_in_forward: true,
          country_code: 'LV',
          time_zone: 3,
          identifier_format: 'hex',
          time_format: 'YYYY-MM-DD HH:NN:SS',
          locale: 'ru',
        },
      };
      expect(res.json().data).toMatchObject(expected);
      expect((await t.call('GET', '/profile', { token: staff })).json().data).toMatchObject(expected);
    });

    it('leaves fields that are not sent as they were', async () => {
      const res = await t.call('PATCH', '/profile', { token: staff, body: { lastname: 'Stafford' } });
      expect(res.json().data).toMatchObject({ lastname: 'Stafford', firstname: 'Samuel', email: 'samuel@example.com' });
    });

    it('stores blank optional text as null (7.9)', async () => {
      const res = await t.call('PATCH', '/profile', { token: staff, body: { description: '   ', phone: null } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ description: null, phone: null });
    });

    it('keeps a fractional time zone', async () => {
      const res = await t.call('PATCH', '/profile', { token: staff, body: { profile: { time_zone: 5.5 } } });
      expect(res.json().data.profile.time_zone).toBe(5.5);
    });

    it.each([
      ['bad email', { email: 'not-an-email' }, { email: { code: 'email' } }],
      ['bad phone', { phone: '12345' }, { phone: { code: 'phone' } }],
      ['bad profile phone', { profile: { phone: '+1 555' } }, { 'profile.phone': { code: 'phone' } }],
      ['empty name', { name: '' }, { name: { code: 'required' } }],
      // The name rule of section 5, as for users: 1 to 31 characters.
      ['name too long', { name: 'x'.repeat(32) }, { name: { code: 'max_length', params: { length: 31 } } }],
      [
        'description too long',
        { description: 'x'.repeat(1001) },
        { description: { code: 'max_length', params: { length: 1000 } } },
      ],
      ['unknown locale', { locale: 'de' }, { locale: { code: 'invalid' } }],
      [
        'time zone out of range',
        { profile: { time_zone: 20 } },
        { 'profile.time_zone': { code: 'max_value', params: { max: 14 } } },
      ],
      [
        'unknown identifier format',
        { profile: { identifier_format: 'oct' } },
        { 'profile.identifier_format': { code: 'invalid' } },
      ],
      [
        'two bad fields at once',
        { email: 'bad', phone: 'bad' },
        { email: { code: 'email' }, phone: { code: 'phone' } },
      ],
    ] as const)('refuses %s with 400 and field errors', async (_label, body, errors) => {
      const before = (await t.call('GET', '/profile', { token: staff })).json().data;
      const res = await t.call('PATCH', '/profile', { token: staff, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid data sent', errors });
      // Nothing was written.
      expect((await t.call('GET', '/profile', { token: staff })).json().data).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      const res = await t.call('PATCH', '/profile', { token: staff, body: [1, 2] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid data sent', errors: { _: { code: 'invalid' } } });
    });

    it('changes the user, not the membership: the other project sees the change', async () => {
      const [residence, office] = await t.login('admin', PASSWORDS.admin);
      await t.call('PATCH', '/profile', { token: residence!.token, body: { firstname: 'Ada' } });
      expect((await t.call('GET', '/profile', { token: office!.token })).json().data.firstname).toBe('Ada');
    });
  });

  describe('PATCH /profile/mobile-client/popup/active', () => {
    it('switches the popup flag off and on', async () => {
      const { token } = await t.session('resident');
      const off = await t.call('PATCH', '/profile/mobile-client/popup/active', {
        token,
        body: { is_app_popup_active: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.is_app_popup_active).toBe(false);
      expect(off.json().data.profile.is_app_popup_active).toBe(false);
      expect((await t.call('GET', '/profile', { token })).json().data.is_app_popup_active).toBe(false);

      const on = await t.call('PATCH', '/profile/mobile-client/popup/active', {
        token,
        body: { is_app_popup_active: true },
      });
      expect(on.json().data.is_app_popup_active).toBe(true);
    });

    it('refuses a non-boolean flag', async () => {
      const { token } = await t.session('resident');
      const res = await t.call('PATCH', '/profile/mobile-client/popup/active', {
        token,
        body: { is_app_popup_active: 'no' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ is_app_popup_active: { code: 'invalid' } });
    });
  });
});
