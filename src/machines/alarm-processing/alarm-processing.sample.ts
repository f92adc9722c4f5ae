import type { DeviceAlarm } from '../../contract/entities/device-alarm';

/** A smoke alarm of the demo's Entrance panel (fixtures, stories, tests). */
export const sampleAlarm: DeviceAlarm = {
  id: 7,
  alarm_id: 7,
  device_alarm_id: 'GH-DEMO-PANEL-A-alarm-1-12',
  device: { id: 3, name: 'Entrance panel' },
  domain: { id: 2, name: 'Building A' },
  sensor: 'smoke',
  state: 'enabled',
  raised_at: '2026-11-25T08:00:00.000Z',
  cleared_at: null,
  processed_at: null,
  processed_by: null,
  comment: null,
  created_at: '2026-11-25T08:00:01.000Z',
  updated_at: '2026-11-25T08:00:01.000Z',
};

export const processedAlarm: DeviceAlarm = {
  ...sampleAlarm,
  state: 'processed',
  processed_at: '2026-11-25T08:05:00.000Z',
  processed_by: { id: 1, name: 'Administrator' },
  comment: 'Checked on site: burnt toast, ventilated',
  updated_at: '2026-11-25T08:05:00.000Z',
};
