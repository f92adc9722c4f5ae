import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { availableAccessRulesEntity } from '../../src/contract/entities/access-rule';
import { type GuestKey, guestKeysEntity } from '../../src/contract/entities/guest-key';
import { sampleDoors, sampleKey, sampleState } from '../../src/machines/guest-key/guest-key.fixtures';
import { sessionFixtures } from '../../src/machines/session/session.fixtures';
import { sampleKeys } from '../../src/ui/guest-access/guest-access.fixtures';
import { demoBackend, machinesOver, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';
import { renderApp } from './support/render-app';

/** A lazily loaded page's first render may take a while on a busy machine. */
const LOAD = { timeout: 15_000 };
const RULES = [
  { id: 3, name: 'Residents — Building A', description: null, devices: [] },
  { id: 4, name: 'Bike room', description: null, devices: [] },
];
type Row = { id: number; [k: string]: unknown };

/** The demo backend with guest keys, the rules one may hand on and the guest calls. */
function guestBackend(extra: Record<string, (call: FakeCall) => unknown> = {}) {
  const keys = structuredClone(sampleKeys) as unknown as Row[];
  const backend = demoBackend(
    {
      'PUT /identifiers/guest': (call) => {
        const body = call.body as { name: string; access_rules: number[]; key_message: string | null };
        const key: GuestKey = {
          ...sampleKey,
          id: 77,
          name: body.name,
          key_uid: 'TmV3LWtleS1mb3ItYS12aXNpdG9y',
          key_message: body.key_message,
          access_rules: RULES.filter((r) => body.access_rules.includes(r.id)).map(({ id, name }) => ({ id, name })),
          passes_restrict: { active: false, max_count: null, passes_count: 0 },
        };
        keys.push(key as unknown as Row);
        return { data: 77 };
      },
      'POST /guest-access/keys/41/revoke': () => {
        const revoked = { ...sampleKey, status: 'revoked', revoked_at: '2026-05-01T09:00:00.000Z' };
        return { data: revoked };
      },
      ...extra,
    },
    {
      guest_keys: { contract: guestKeysEntity, rows: keys },
      available_access_rules: { contract: availableAccessRulesEntity, rows: RULES as unknown as Row[] },
    },
  );
  return backend;
}

describe('guest access: the granter', { timeout: 60_000 }, () => {
  it('lists the keys granted, grants a key with a rule and shows its link and QR', async () => {
    const backend = guestBackend();
    const app = renderWithBackend('/guest-access', backend);
    const table = await screen.findByRole('table', { name: 'Guest access' }, LOAD);
    expect(within(table).getByRole('row', { name: /Plumber/ })).toHaveTextContent('1 of 4 used');
    expect(within(table).getByRole('row', { name: /Courier/ })).toHaveTextContent('no passes left');

    await app.user.click(screen.getByRole('button', { name: 'Grant a guest key' }));
    await screen.findByRole('heading', { name: 'Grant a guest key' }, LOAD);
    expect(app.location().pathname).toBe('/guest-access/add');
    // Nothing is sent without a rule: the field says why.
    await app.user.click(screen.getByRole('button', { name: 'Grant the key' }));
    expect(await screen.findByText('Choose at least one access rule')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);

    await app.user.type(screen.getByLabelText('Guest'), 'Electrician');
    await app.user.type(screen.getByLabelText('Message for the guest'), 'Ring 101');
    await app.user.click(screen.getByRole('button', { name: 'Choose: Doors (access rules)' }));
    const picker = await screen.findByRole('dialog');
    await app.user.click(await within(picker).findByText('Residents — Building A'));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(screen.getByRole('button', { name: 'Grant the key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Guest access link' });
    expect((within(dialog).getByLabelText('Link') as HTMLTextAreaElement).value).toMatch(
      /\/guest-access\/TmV3LWtleS1mb3ItYS12aXNpdG9y$/,
    );
    expect(within(dialog).getByRole('img', { name: 'QR code of the guest access link' })).toBeInTheDocument();
    const put = backend.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: 'Electrician',
      type: 'qr',
      access_rules: [3],
      key_message: 'Ring 101',
      period_restrict: { active: true },
      passes_restrict: { active: false, max_count: null },
    });
    await app.user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(app.location().pathname).toBe('/guest-access'));
  });

  it("shows the group's limits when the server refuses the key", async () => {
    const backend = guestBackend({
      'PUT /identifiers/guest': () => {
        throw {
          code: 'max pass count or period reached',
          status: 400,
          fields: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 5 } } },
        };
      },
    });
    const app = renderWithBackend('/guest-access/add', backend);
    await screen.findByRole('heading', { name: 'Grant a guest key' }, LOAD);
    await app.user.click(screen.getByRole('button', { name: 'Choose: Doors (access rules)' }));
    const picker = await screen.findByRole('dialog');
    await app.user.click(await within(picker).findByText('Bike room'));
    await app.user.click(within(picker).getByRole('button', { name: 'Choose' }));
    await app.user.click(screen.getByLabelText('Limit the passes'));
    await app.user.type(screen.getByLabelText('Passes'), '9');
    await app.user.click(screen.getByRole('button', { name: 'Grant the key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Max pass count or period reached');
    expect(screen.getByLabelText('Passes')).toHaveAccessibleDescription("At most 5 passes (your group's limit)");
    // Still editable: the guest's host can lower the passes and try again.
    expect(screen.getByLabelText('Passes')).toBeEnabled();
  });

  it('revokes a key after asking', async () => {
    const backend = guestBackend();
    const app = renderWithBackend('/guest-access', backend);
    const table = await screen.findByRole('table', { name: 'Guest access' }, LOAD);
    await app.user.click(within(table).getByRole('button', { name: 'Revoke Plumber' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Plumber?' });
    expect(backend.calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);
    await app.user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/guest-access/keys/41/revoke')).toBe(true));
  });
});

describe('guest access: the guest page', { timeout: 60_000 }, () => {
  const UID = 'Q2hhbmdlLXRoaXMta2V5';
  const guestPage = (open: () => unknown) => {
    const backend = demoBackend({
      [`GET /guest-access/${UID}`]: () => ({ data: sampleState }),
      [`GET /guest-access/${UID}/access-rules`]: () => ({ data: sampleDoors }),
      [`POST /guest-access/${UID}/open/${sampleDoors[1]?.device_token}`]: open,
      [`POST /guest-access/${UID}/open/${sampleDoors[0]?.device_token}`]: () => {
        throw { code: 'device problem', status: 409, params: { reason: 'offline' } };
      },
    });
    let app: ReturnType<typeof renderApp> | undefined;
    app = renderApp(`/guest-access/${UID}`, {
      machines: machinesOver(backend.http, () => app),
      actors: { session: sessionFixtures.loggedOut },
    });
    return { app, backend };
  };

  it('works logged out: the message, the passes left, and a door that opens', async () => {
    const { app, backend } = guestPage(() => ({ data: { opened: true, passes: { max: 4, used: 2, left: 2 } } }));
    expect(await screen.findByRole('heading', { name: 'Key for Plumber' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Ring 101 when you arrive')).toBeInTheDocument();
    expect(screen.getByText('3 passes left')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Open Main door controller' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Main door controller is open. Go ahead.');
    expect(screen.getByText('2 passes left')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/guest-access/${UID}/open/${sampleDoors[1]?.device_token}`,
    ]);
    // The other doors stay offered; an offline one says so when it does not answer.
    await app.user.click(screen.getByRole('button', { name: 'Open Entrance panel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Entrance panel did not answer');
  });

  it('says the key expired, without doors', async () => {
    const backend = demoBackend({
      [`GET /guest-access/${UID}`]: () => ({ data: { ...sampleState, status: 'expired' } }),
    });
    let app: ReturnType<typeof renderApp> | undefined;
    app = renderApp(`/guest-access/${UID}`, {
      machines: machinesOver(backend.http, () => app),
      actors: { session: sessionFixtures.loggedOut },
    });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('This key has expired.');
    expect(screen.queryByRole('button', { name: /^Open / })).not.toBeInTheDocument();
    expect(backend.calls.map((c) => c.path)).toEqual([`/guest-access/${UID}`]);
  });
});
