import type { DeviceAlarm } from '../../contract/entities/device-alarm';
import { entityListSnapshot, listPageSnapshots } from '../../machines/entity-list/entity-list.fixtures';
import { defaultListState } from '../../machines/entity-list/entity-list.query';

// Times relative to now, so the list reads as today whenever the fixtures are shown.
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const building = { id: 2, name: 'Building A' };

const alarm = (over: Partial<DeviceAlarm> & Pick<DeviceAlarm, 'id' | 'sensor' | 'state' | 'device'>): DeviceAlarm => ({
  alarm_id: over.id,
  device_alarm_id: `a-${over.id}`,
  domain: building,
  raised_at: at(-over.id),
  cleared_at: null,
  processed_at: null,
  processed_by: null,
  comment: null,
  created_at: at(-over.id),
  updated_at: at(-over.id),
  ...over,
});

/** One alarm in each state: smoke still active, a door cleared by the device, a flood processed. */
export const sampleAlarms: DeviceAlarm[] = [
  alarm({ id: 3, sensor: 'smoke', state: 'enabled', device: { id: 7, name: 'Entrance panel' } }),
  alarm({
    id: 40,
    sensor: 'door',
    state: 'disabled',
    device: { id: 8, name: 'Garage gate controller' },
    cleared_at: at(-35),
  }),
  alarm({
    id: 95,
    sensor: 'flood',
    state: 'processed',
    device: { id: 9, name: 'Basement controller' },
    cleared_at: at(-80),
    processed_at: at(-60),
    processed_by: { id: 4, name: 'Anna Guard' },
    comment: 'Pipe fixed by the plumber',
  }),
];

const page = listPageSnapshots(sampleAlarms, ['-created_at']);

/** Snapshots of the alarms page's list, for its stories. */
export const alarmsPageFixtures = {
  ...page,
  /** Only the active alarms (the state filter). */
  active: entityListSnapshot(
    { browsing: 'ready' },
    {
      ...page.ready.context,
      items: page.ready.context.items.slice(0, 1),
      total: 1,
      query: {
        ...defaultListState(),
        sort: ['-created_at'],
        filters: [{ field: 'state', rule: 'equals', value: 'enabled' }],
      },
    },
  ),
};
