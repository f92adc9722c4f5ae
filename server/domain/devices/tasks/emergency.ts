import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import { audioUrl } from '../../communications/emergency-audio';
import { announceMany } from './announce';
import { makeTasks, stopPending } from './store';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'deviceTasks' | 'config'>;

/**
 * Emergency alerts reach devices (issue 11): starting an alert sends its audio file and playback
 * duration (and whether to open the locks) to its devices as `emergency.play` tasks; stopping
 * sends `emergency.stop`. Its devices: those chosen, and those of the alert's device type
 * (monitors by default) in its groups and below; mqtt devices with a serial only. A newer
 * emergency task replaces a device's pending one. Answers how many devices got a task.
 */
export async function dispatchEmergency(ctx: Ctx, alertId: number, to: 'started' | 'stopped'): Promise<number> {
  const { db } = ctx;
  const alert = await db.selectFrom('emergency_alerts').selectAll().where('id', '=', alertId).executeTakeFirst();
  if (!alert) return 0;
  const devices = await db
    .selectFrom('devices as d')
    .select(['d.id', 'd.project_id', 'd.name'])
    .where('d.project_id', '=', alert.project_id)
    .where('d.protocol', '=', 'mqtt')
    .where('d.serial_number', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('d.id', 'in', eb.selectFrom('emergency_alert_devices').select('device_id').where('alert_id', '=', alertId)),
        eb.and([
          eb('d.type', '=', alert.device_type),
          sql<boolean>`exists (select 1 from emergency_alert_domains ad inner join domains top on top.id = ad.domain_id
            inner join domains g on g.lft >= top.lft and g.rgt <= top.rgt and g.project_id = top.project_id
            where ad.alert_id = ${alertId} and g.id = d.domain_id)`,
        ]),
      ]),
    )
    .orderBy('d.id')
    .execute();
  if (devices.length === 0) return 0;
  const targets = devices.map((d) => ({ id: Number(d.id), project_id: Number(d.project_id), name: d.name }));
  const stopped = await stopPending(
    db,
    targets.map((d) => d.id),
    'replaced',
    ['emergency.play', 'emergency.stop'],
  );
  const entities = [{ type: 'emergency_alert' as const, id: Number(alert.id), name: alert.name }];
  const fileUrl = alert.filename ? new URL(audioUrl(alert.filename), ctx.config.publicUrl).toString() : null;
  const payload =
    to === 'started'
      ? { file_url: fileUrl, duration_s: Number(alert.playback_duration), open_locks: Boolean(alert.open_locks) }
      : {};
  const made = await makeTasks(
    db,
    targets,
    () => [{ kind: to === 'started' ? 'emergency.play' : 'emergency.stop', payload, entities }],
    ctx.config.deviceTasks.maxAttempts,
  );
  await announceMany(ctx, [...stopped, ...[...made.values()].flatMap((b) => b.rows)]);
  ctx.deviceTasks.kick();
  return targets.length;
}
