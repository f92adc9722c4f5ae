import * as v from 'valibot';
import type { SnapshotFrom } from 'xstate';
import {
  type IpBlockingStatus,
  IpBlockingStatusSchema,
  type IpBlockService,
} from '../../contract/entities/ip-blocking';
import type { LoaderMachine } from '../../machines/loader/loader.machine';

type S = SnapshotFrom<LoaderMachine>;

/** The loaded status, read as its contract schema says (null while nothing valid has arrived). */
export const selectIpBlockingStatus = (s: S): IpBlockingStatus | null =>
  v.is(IpBlockingStatusSchema, s.context.data) ? s.context.data : null;

/** How many bans an unban of this service (null: every service) lifts, per the status; null when unknown. */
export function bansOf(status: IpBlockingStatus | null, service: IpBlockService | null): number | null {
  if (!status) return null;
  return service ? status.bans[service] : status.bans.total;
}
