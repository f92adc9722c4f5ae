import type { IpBan, IpBlockingStatus, IpWhitelistEntry } from '../../contract/entities/ip-blocking';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { whitelistForm } from './whitelist-form';

// Times relative to now, so "12 min left" reads the same whenever the fixtures are shown.
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const admin = { id: 1, name: 'Alex Admin' };

export const sampleBans: IpBan[] = [
  { id: 6, ip: '203.0.113.7', service: 'sip', cause: 'AUTH_FAILED', level: 1, banned_at: at(-3), expires_at: at(12) },
  { id: 5, ip: '2001:db8::5', service: 'http', cause: 'AUTH_FAILED', level: 1, banned_at: at(-5), expires_at: at(10) },
  {
    id: 4,
    ip: '198.51.100.23',
    service: 'sip',
    cause: 'WRONG_NUMBER',
    level: 2,
    banned_at: at(-20),
    expires_at: at(40),
  },
  { id: 3, ip: '203.0.113.99', service: 'sip', cause: 'UNKNOWN', level: 1, banned_at: at(-60), expires_at: null },
  {
    id: 2,
    ip: '192.0.2.44',
    service: 'http',
    cause: 'AUTH_FAILED',
    level: 3,
    banned_at: at(-120),
    expires_at: at(1320),
  },
];

export const sampleWhitelist: IpWhitelistEntry[] = [
  { id: 1, ip: '10.0.0.0/8', description: 'Office network', created_at: at(-2880), created_by_user: admin },
  { id: 2, ip: '203.0.113.10', description: 'Reception SIP phone', created_at: at(-1440), created_by_user: admin },
  { id: 3, ip: '2001:db8:1::/48', description: null, created_at: at(-30), created_by_user: null },
];

export const sampleStatus: IpBlockingStatus = {
  bans: { total: 5, sip: 3, http: 2 },
  whitelist: 3,
  recent_unbans: [
    { action: 'unban', ip: '203.0.113.8', service: 'sip', unbanned: 1, user: admin, at: at(-15) },
    { action: 'unban_all', ip: null, service: 'http', unbanned: 4, user: admin, at: at(-200) },
    { action: 'unban_all', ip: null, service: null, unbanned: 12, user: null, at: at(-3000) },
  ],
};

const rows = (items: unknown[]) => items as ListRow[];
const bansList = { items: rows(sampleBans), total: 5, lastPage: 1, defaultSort: ['-banned_at'] };
const whitelistList = { items: rows(sampleWhitelist), total: 3, lastPage: 1, defaultSort: ['ip'] };
const status = (value: 'loading' | 'loaded' | 'failed', data: IpBlockingStatus | null) =>
  loaderMachine.resolveState({
    value,
    context: { data, error: value === 'failed' ? { code: 'internal server error', status: 500 } : null },
  });

/** Snapshots of the IP-blocking page's lists, status and whitelist dialog, for its stories and tests. */
export const ipBlockingFixtures = {
  bans: {
    ready: entityListSnapshot({ browsing: 'ready' }, bansList),
    empty: entityListSnapshot(
      { browsing: 'ready' },
      { lastPage: 1, defaultSort: ['-banned_at'], query: defaultListState() },
    ),
  },
  whitelist: {
    ready: entityListSnapshot({ browsing: 'ready' }, whitelistList),
    empty: entityListSnapshot({ browsing: 'ready' }, { lastPage: 1, defaultSort: ['ip'], query: defaultListState() }),
    confirmingDelete: entityListSnapshot('confirmingDelete', {
      ...whitelistList,
      pendingDelete: { kind: 'ids', ids: [2] },
    }),
  },
  status: {
    loaded: status('loaded', sampleStatus),
    nothing: status('loaded', { bans: { total: 0, sip: 0, http: 0 }, whitelist: 3, recent_unbans: [] }),
    loading: status('loading', null),
    failed: status('failed', null),
  },
  form: {
    creating: entityFormSnapshot(whitelistForm, 'editing'),
    duplicate: entityFormSnapshot(whitelistForm, 'editing', {
      values: { ip: '10.0.0.0/8', description: 'Office' },
      errors: { ip: { code: 'not_unique' } },
      failure: { code: 'ip already whitelisted', status: 422, fields: { ip: { code: 'not_unique' } } },
    }),
  },
};
