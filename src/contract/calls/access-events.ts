import { defineCalls } from '../call';
import { accessEventsEntity } from '../entities/access-event';
import { entityCalls } from '../entity';

/**
 * Access-control events (7.5 "access-control (ACS) logs and download"): the list
 * (`GET /access-control/events/items`) and its download (`GET /access-control/events/export`,
 * .xlsx), under the page's own path (2.1 /access-control/events); system.view_acs_events.
 */
export const ACCESS_EVENT_CALLS = defineCalls({
  ...entityCalls(accessEventsEntity),
});
