import type { AccessExplain } from '../../contract/entities/access-explain';
import type { ExplainDoor, ExplainSubject } from './access-explain.machine';

/** Sample choices and answers for fixtures, stories and tests. */
export const sampleDoor: ExplainDoor = { device_id: 12, device_name: 'Main door', lock: 1 };
export const sampleUser: ExplainSubject = { kind: 'user', id: 31, label: 'Rita Resident' };
export const sampleCard: ExplainSubject = { kind: 'identifier', id: 77, label: 'Card 7340021' };
export const sampleNight = '2026-03-10T22:30:00.000Z';

/** Rita may pass: the residents' rule reaches her through Building A, open in working hours. */
export const grantedAnswer: AccessExplain = {
  granted: true,
  reason: 'granted',
  at: '2026-03-10T10:00:00.000Z',
  device: { id: 12, name: 'Main door' },
  lock: 1,
  user: { id: 31, name: 'Rita Resident' },
  identifier: null,
  chain: [
    {
      rule: { id: 4, name: 'Residents of Building A' },
      prohibition: false,
      via: { kind: 'group', group: { id: 2, name: 'Building A' } },
      covers_door: true,
      open: true,
      schedules: [
        {
          schedule: { id: 9, name: 'Working hours' },
          verdict: {
            open: true,
            reason: 'open',
            occurrence: { from: '2026-03-10T08:00:00.000Z', to: '2026-03-10T20:00:00.000Z' },
            day_type: 'workday',
            local_date: '2026-03-10',
          },
          missing: false,
        },
      ],
    },
    {
      rule: { id: 5, name: null },
      prohibition: false,
      via: { kind: 'user' },
      covers_door: false,
      open: null,
      schedules: [],
    },
  ],
};

/** The same at night: the schedule is closed. */
export const deniedAnswer: AccessExplain = {
  ...grantedAnswer,
  granted: false,
  reason: 'schedule_closed',
  at: sampleNight,
  chain: [
    {
      rule: { id: 4, name: 'Residents of Building A' },
      prohibition: false,
      via: { kind: 'group', group: { id: 2, name: 'Building A' } },
      covers_door: true,
      open: false,
      schedules: [
        {
          schedule: { id: 9, name: 'Working hours' },
          verdict: { open: false, reason: 'outside_hours', day_type: 'workday', local_date: '2026-03-10' },
          missing: false,
        },
      ],
    },
  ],
};

/** A revoked card: refused before any rule is looked at. */
export const revokedAnswer: AccessExplain = {
  ...grantedAnswer,
  granted: false,
  reason: 'revoked',
  user: { id: 31, name: 'Rita Resident' },
  identifier: { id: 77, type: 'card', value: '7340021', name: null },
  chain: [],
};
