import { defineCalls } from '../call';
import { auditEventsEntity } from '../entities/audit-event';
import { entityCalls } from '../entity';

/** The audit trail (6.2 "view audit"): list with filters, one event with its changes, the export. */
export const AUDIT_CALLS = defineCalls({
  ...entityCalls(auditEventsEntity),
});
