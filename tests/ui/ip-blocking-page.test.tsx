import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import {
  type IpBan,
  type IpBlockingStatus,
  type IpWhitelistEntry,
  ipBansEntity,
  ipWhitelistEntity,
} from '../../src/contract/entities/ip-blocking';
import { IP_BLOCKING_TOPIC } from '../../src/contract/realtime';
import type { CallFailure } from '../../src/machines/session/session.types';
import { topicFeedMachine } from '../../src/machines/topic-feed/topic-feed.machine';
import { composeAreas } from '../../src/services/areas/areas';
import { sampleBans, sampleWhitelist } from '../../src/ui/ip-blocking/ip-blocking.fixtures';
import { demoBackend, renderWithBackend } from './support/entity-demo';
import type { FakeCall } from './support/entity-fake-backend';
import { renderApp } from './support/render-app';

type Row = { id: number; [field: string]: unknown };

/**
 * The demo backend plus IP blocking: the bans and the whitelist as tables, the
 * status counted from them, and unbans that lift rows and are remembered as
 * the server's audit would (who, what, when).
 */
function ipBackend(options: { unbanFailure?: CallFailure } = {}) {
  const recent: IpBlockingStatus['recent_unbans'] = [];
  const admin = { id: 1, name: 'Alex Admin' };
  const bans = () => backend.tables.ipBans!.rows as unknown as IpBan[];
  const lift = (keep: (ban: IpBan) => boolean) => {
    const before = bans().length;
    backend.tables.ipBans!.rows = bans().filter(keep) as unknown as Row[];
    return before - bans().length;
  };
  const backend = demoBackend(
    {
      'GET /ip-blocking/status': () => ({
        data: {
          bans: {
            total: bans().length,
            sip: bans().filter((b) => b.service === 'sip').length,
            http: bans().filter((b) => b.service === 'http').length,
          },
          whitelist: backend.tables.ipWhitelist!.rows.length,
          recent_unbans: recent,
        } satisfies IpBlockingStatus,
      }),
      'POST /ip-blocking/unban': (call: FakeCall) => {
        if (options.unbanFailure) throw options.unbanFailure;
        const { ip, service } = call.body as { ip: string; service: 'sip' | 'http' };
        if (lift((b) => !(b.ip === ip && b.service === service)) === 0)
          throw { code: 'item not found', status: 404 } satisfies CallFailure;
        recent.unshift({ action: 'unban', ip, service, unbanned: 1, user: admin, at: new Date().toISOString() });
        return { data: true };
      },
      'POST /ip-blocking/unban-all': (call: FakeCall) => {
        const { service = null } = call.body as { service?: 'sip' | 'http' };
        const unbanned = lift((b) => service !== null && b.service !== service);
        recent.unshift({ action: 'unban_all', ip: null, service, unbanned, user: admin, at: new Date().toISOString() });
        return { data: { unbanned } };
      },
    },
    {
      ipBans: { contract: ipBansEntity, rows: structuredClone(sampleBans) as unknown as Row[] },
      ipWhitelist: {
        contract: ipWhitelistEntity,
        rows: structuredClone(sampleWhitelist) as unknown as Row[],
        refuse: (body) =>
          backend.tables.ipWhitelist!.rows.some((w) => w.ip === body.ip)
            ? { code: 'ip already whitelisted', status: 422, fields: { ip: { code: 'not_unique' } } }
            : null,
        create: (body, id) =>
          ({
            id,
            ip: String(body.ip),
            description: typeof body.description === 'string' ? body.description : null,
            created_at: new Date().toISOString(),
            created_by_user: admin,
          }) satisfies IpWhitelistEntry,
      },
    },
  );
  return backend;
}

const statusRegion = () => screen.getByRole('region', { name: 'Status' });
const bansTable = () => screen.findByRole('table', { name: 'IP blocking' });

describe('IP blocking page', () => {
  it('shows the status and the bans newest first, searchable by IP and filtered by cause', async () => {
    const app = renderWithBackend('/ip-blocking', ipBackend());
    const table = await bansTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      '203.0.113.7 · SIP',
      '2001:db8::5 · Console logins',
      '198.51.100.23 · SIP',
      '203.0.113.99 · SIP',
      '192.0.2.44 · Console logins',
    ]);
    expect(rows[2]).toHaveTextContent('Unknown numbers');
    expect(rows[3]).toHaveTextContent('Until lifted');
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*5/));
    expect(statusRegion()).toHaveTextContent(/Whitelisted\s*3/);
    expect(screen.getByText('No bans have been lifted by hand yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP blocking' })).toHaveAttribute('aria-current', 'page');

    await app.user.type(screen.getByRole('searchbox', { name: 'Search by IP address' }), '203.0.113');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const search = app.backend.calls.filter((c) => c.path === '/ip-blocking/bans/items').at(-1)!;
    expect(JSON.parse(search.search.filters ?? '[]')).toContainEqual({
      field: 'search',
      rule: 'contains',
      value: '203.0.113',
    });

    await app.user.clear(screen.getByRole('searchbox', { name: 'Search by IP address' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    await app.user.click(within(screen.getByRole('group', { name: 'Filters' })).getByRole('button', { name: 'Cause' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Unknown numbers' }));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual([null, '198.51.100.23 · SIP']),
    );
    expect(app.location().search).toContain('WRONG_NUMBER');
  });

  it('unbans one address for one service after a confirmation, and the list and status follow', async () => {
    const app = renderWithBackend('/ip-blocking', ipBackend());
    const table = await bansTable();
    const row = within(table).getByRole('row', { name: '203.0.113.7 · SIP' });

    await app.user.click(within(row).getByRole('button', { name: 'Unban 203.0.113.7 (SIP)' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Unban an address' });
    expect(dialog).toHaveTextContent('Lift the ban of 203.0.113.7 for SIP?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(app.backend.calls.some((c) => c.path === '/ip-blocking/unban')).toBe(false);

    await app.user.click(within(row).getByRole('button', { name: 'Unban 203.0.113.7 (SIP)' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Unban an address' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('203.0.113.7 may use SIP again')).toBeInTheDocument();
    expect(app.backend.calls.find((c) => c.path === '/ip-blocking/unban')?.body).toEqual({
      ip: '203.0.113.7',
      service: 'sip',
    });
    await waitFor(() => expect(within(table).queryByRole('row', { name: '203.0.113.7 · SIP' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*4/));
    const recent = screen.getByRole('region', { name: 'Recent unbans' });
    expect(recent).toHaveTextContent('203.0.113.7 · SIP');
    expect(recent).toHaveTextContent('by Alex Admin');
  });

  it('says why an unban failed, translated, and reloads the list', async () => {
    const app = renderWithBackend('/ip-blocking', ipBackend({ unbanFailure: { code: 'item not found', status: 404 } }));
    const table = await bansTable();
    const loads = () => app.backend.calls.filter((c) => c.path === '/ip-blocking/bans/items').length;
    const before = loads();
    await app.user.click(within(table).getByRole('button', { name: 'Unban 192.0.2.44 (Console logins)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unban an address' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Item not found');
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });

  it('unbans all of one service after a confirmation that says how many', async () => {
    const app = renderWithBackend('/ip-blocking', ipBackend());
    const table = await bansTable();
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*5/));

    await app.user.click(screen.getByRole('button', { name: 'Unban all…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unban all addresses' });
    expect(within(dialog).getByRole('radio', { name: 'All services (5)' })).toBeChecked();
    expect(dialog).toHaveTextContent('5 bans will be lifted.');
    await app.user.click(within(dialog).getByRole('radio', { name: 'SIP (3)' }));
    expect(dialog).toHaveTextContent('3 bans will be lifted.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Unban 3' }));

    expect(await screen.findByText('3 SIP bans lifted')).toBeInTheDocument();
    expect(app.backend.calls.find((c) => c.path === '/ip-blocking/unban-all')?.body).toEqual({ service: 'sip' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    for (const row of within(table).getAllByRole('row').slice(1)) expect(row).toHaveTextContent('Console logins');
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*2/));
    expect(screen.getByRole('region', { name: 'Recent unbans' })).toHaveTextContent('All addresses · SIP · 3 bans');
  });

  it('adds to the whitelist, shows the server refusing a duplicate on its field, and deletes with a confirmation', async () => {
    const app = renderWithBackend('/ip-blocking?tab=whitelist', ipBackend());
    const table = await screen.findByRole('table', { name: 'IP blocking' });
    expect(within(table).getByRole('row', { name: '10.0.0.0/8' })).toHaveTextContent('Office network');

    await app.user.click(screen.getByRole('button', { name: 'Add to whitelist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the whitelist' });
    const ip = within(dialog).getByLabelText(/IP address or range/);
    await app.user.type(ip, '300.1.2.3');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(ip).toHaveAccessibleDescription('Must be an IP address or a CIDR range, e.g. 10.0.0.0/8');
    expect(app.backend.calls.some((c) => c.method === 'PUT')).toBe(false);

    await app.user.clear(ip);
    await app.user.type(ip, '10.0.0.0/8');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(ip).toHaveAccessibleDescription('Value must be unique'));
    expect(await screen.findByText('This IP address is already whitelisted')).toBeInTheDocument();

    await app.user.clear(ip);
    await app.user.type(ip, ' 192.0.2.9/24 ');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Branch office');
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to the whitelist' })).toBeNull());
    expect(app.backend.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      ip: '192.0.2.0/24',
      description: 'Branch office',
    });
    expect(await within(table).findByRole('row', { name: '192.0.2.0/24' })).toHaveTextContent('Branch office');
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Whitelisted\s*4/));

    const entry = within(table).getByRole('row', { name: '203.0.113.10' });
    await app.user.click(within(entry).getByRole('button', { name: 'Delete 203.0.113.10' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm deletion' });
    expect(confirm).toHaveTextContent('1 whitelist entry will be deleted');
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: '203.0.113.10' })).toBeNull());
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Whitelisted\s*3/));
  });

  it('shows a settings viewer everything, read-only', async () => {
    renderWithBackend('/ip-blocking', ipBackend(), ['project.view_settings']);
    const table = await bansTable();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText(/You can view IP blocking/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unban/ })).not.toBeInTheDocument();
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*5/));
  });

  it('shows a settings viewer the whitelist without add, delete or selection', async () => {
    renderWithBackend('/ip-blocking?tab=whitelist', ipBackend(), ['project.view_settings']);
    const table = await screen.findByRole('table', { name: 'IP blocking' });
    expect(within(table).getByRole('row', { name: '10.0.0.0/8' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to whitelist' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('reloads the banned list and the status when the server says the bans changed', async () => {
    const backend = ipBackend();
    const asked: unknown[] = [];
    // A root with the real topic feed and a stand-in realtime actor that records what it is asked.
    const root = createActor(
      setup({
        actors: {
          feed: topicFeedMachine,
          realtime: fromCallback(({ receive }) => receive((e) => asked.push(e))),
        },
      }).createMachine({
        invoke: [
          { id: 'realtime', systemId: 'realtime', src: 'realtime' },
          { id: 'topicFeed', systemId: 'topicFeed', src: 'feed' },
        ],
      }),
    ).start();
    let rendered: ReturnType<typeof renderApp> | undefined;
    // The areas over that root (the rendered app's own root actor is frozen and runs no children).
    const machines = composeAreas({
      http: backend.http,
      showAlert: (alert) => rendered?.refs.alerts.send({ type: 'alert.show', ...alert }),
      session: () => rendered?.refs.session,
      app: () => root as never,
    });
    rendered = renderApp('/ip-blocking', { machines });
    const table = await bansTable();
    expect(asked).toEqual([{ type: 'realtime.subscribe', topic: IP_BLOCKING_TOPIC, subscriber: 'topicFeed' }]);

    backend.tables.ipBans!.rows.unshift({
      id: 99,
      ip: '192.0.2.200',
      service: 'sip',
      cause: 'WRONG_NUMBER',
      level: 1,
      banned_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 900_000).toISOString(),
    });
    act(() =>
      root.system.get('topicFeed').send({
        type: 'realtime.message',
        topic: IP_BLOCKING_TOPIC,
        data: { type: 'IpBansChanged', reason: 'banned' },
      }),
    );
    expect(await within(table).findByRole('row', { name: '192.0.2.200 · SIP' })).toBeInTheDocument();
    await waitFor(() => expect(statusRegion()).toHaveTextContent(/Active bans\s*6/));

    rendered.unmount();
    expect(asked.at(-1)).toEqual({ type: 'realtime.unsubscribe', topic: IP_BLOCKING_TOPIC, subscriber: 'topicFeed' });
    root.stop();
  });
});
