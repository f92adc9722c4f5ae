import type { SnapshotFrom } from 'xstate';
import type { AlertsMachine } from './alerts.machine';

/** Alerts currently on screen, oldest first. */
export const selectAlerts = (s: SnapshotFrom<AlertsMachine>) => s.context.items;
