import * as v from 'valibot';
import { envelope } from '../call';
import { BLOCK_CAUSES } from '../constants';
import { defineEntity } from '../entity';
import { MAX_IP_TEXT, normaliseAddress, normaliseAddressOrRange } from '../ip-address';

/**
 * IP blocking (7.8): the addresses banned after repeated failures, per
 * service, and the whitelist of addresses and ranges never banned. Bans and
 * the whitelist belong to the installation, not to a project.
 */

/** What a ban shuts an address out of: `http` the console's public credential calls (login, token refresh, password recovery and reset), `sip` the SIP server. */
export const IP_BLOCK_SERVICES = ['http', 'sip'] as const;
export type IpBlockService = (typeof IP_BLOCK_SERVICES)[number];
export const IpBlockServiceSchema = v.picklist(IP_BLOCK_SERVICES);
export type BlockCause = (typeof BLOCK_CAUSES)[number];

const ref = v.object({ id: v.number(), name: v.string() });

/** One active ban (GET /ip-blocking/bans/items). */
export const IpBanSchema = v.object({
  id: v.number(),
  ip: v.string(),
  service: IpBlockServiceSchema,
  cause: v.picklist(BLOCK_CAUSES),
  /** 1, 2, 3: the step of the escalation this ban is at (repeat offenders are banned longer). */
  level: v.number(),
  banned_at: v.string(),
  /** Null: until lifted by hand. */
  expires_at: v.nullable(v.string()),
});
export type IpBan = v.InferOutput<typeof IpBanSchema>;

export const ipBansEntity = defineEntity({
  name: 'ip_bans',
  path: '/ip-blocking/bans',
  listOnly: true,
  access: { view: ['project.view_settings'] },
  item: IpBanSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    ip: { kind: 'text', sortable: true, filterable: true },
    service: { kind: 'enum', sortable: true, filterable: true },
    cause: { kind: 'enum', sortable: true, filterable: true },
    level: { kind: 'number', sortable: true, filterable: true },
    banned_at: { kind: 'date', sortable: true, filterable: true },
    expires_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['ip'],
  with: [],
  defaultSort: ['-banned_at'],
});

/** An address as a body field: code `ip` when it is not one; sent on as its stored spelling. */
const address = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(MAX_IP_TEXT),
  v.check((value) => normaliseAddress(value) !== null, 'ip'),
  v.transform((value) => normaliseAddress(value) as string),
);

/** POST /ip-blocking/unban: lifts the ban of one address for one service. */
export const UnbanSchema = v.object({ ip: address, service: IpBlockServiceSchema });
/** POST /ip-blocking/unban-all: lifts every ban, or every ban of one service. */
export const UnbanAllSchema = v.object({ service: v.optional(IpBlockServiceSchema) });
export const UnbannedSchema = envelope(v.object({ unbanned: v.number() }));

/** One whitelist entry: an address or a CIDR range. */
export const IpWhitelistEntrySchema = v.object({
  id: v.number(),
  /** `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`: as stored (ranges by their network address). */
  ip: v.string(),
  description: v.nullable(v.string()),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type IpWhitelistEntry = v.InferOutput<typeof IpWhitelistEntrySchema>;

export const IpWhitelistCreateSchema = v.object({
  ip: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(MAX_IP_TEXT),
    v.check((value) => normaliseAddressOrRange(value) !== null, 'ip_or_range'),
    v.transform((value) => normaliseAddressOrRange(value) as string),
  ),
  description: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(255))), null),
});

export const ipWhitelistEntity = defineEntity({
  name: 'ip_whitelist',
  path: '/ip-blocking/whitelist',
  listOnly: true,
  access: {
    view: ['project.view_settings'],
    create: ['project.change_settings'],
    delete: ['project.change_settings'],
  },
  item: IpWhitelistEntrySchema,
  create: IpWhitelistCreateSchema,
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    ip: { kind: 'text', sortable: true, filterable: true },
    description: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['ip', 'description'],
  with: [],
  defaultSort: ['ip'],
  // The domain writes the entry and the bans it lifted in one transaction (server/domain/security/whitelist.ts).
  audit: { recordedBy: 'domain' },
});

/** An unban as the status shows it: who lifted what, and when. */
export const RecentUnbanSchema = v.object({
  /** `unban`: one address for one service; `unban_all`: every ban (of `service`, when given). */
  action: v.picklist(['unban', 'unban_all']),
  ip: v.nullable(v.string()),
  service: v.nullable(IpBlockServiceSchema),
  /** Bans lifted by it. */
  unbanned: v.number(),
  user: v.nullable(ref),
  at: v.string(),
});

/** GET /ip-blocking/status. */
export const IpBlockingStatusSchema = v.object({
  /** Active bans, per service. */
  bans: v.object({ total: v.number(), http: v.number(), sip: v.number() }),
  /** Whitelist entries. */
  whitelist: v.number(),
  /** The latest unbans, newest first (at most RECENT_UNBANS). */
  recent_unbans: v.array(RecentUnbanSchema),
});
export type IpBlockingStatus = v.InferOutput<typeof IpBlockingStatusSchema>;
export const RECENT_UNBANS = 10;
