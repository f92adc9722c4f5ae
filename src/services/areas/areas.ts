import { createConversationLive } from '../conversation-live';
import { createKitFactory, type EntityKit } from '../entity-kit';
import type { ShowAlert } from '../entity-machines';
import type { Http } from '../http';
import { createTopicLive } from '../topic-live';
import { accessEventsArea } from './access-events';
import { accessMatrixArea } from './access-matrix';
import { accessRulesArea } from './access-rules';
import { accountArea } from './account';
import { amenitiesArea } from './amenities';
import type { Area, AreaContext } from './area';
import { backupsArea } from './backups';
import { communicationsArea } from './communications';
import { deviceEventsArea } from './device-events';
import { deviceSearchArea } from './device-search';
import { deviceTasksArea } from './device-tasks';
import { devicesArea } from './devices';
import { elevatorsArea } from './elevators';
import { groupsArea } from './groups';
import { guestAccessArea } from './guest-access';
import { identifiersArea } from './identifiers';
import { integrationsArea } from './integrations';
import { licencesArea } from './licences';
import { markersArea } from './markers';
import { notificationsArea } from './notifications';
import { profileArea } from './profile';
import { rolesArea } from './roles';
import { schedulesArea } from './schedules';
import { securityArea } from './security';
import { settingsArea } from './settings';
import { shellArea } from './shell';
import { systemArea } from './system';
import { telephonyArea } from './telephony';
import { usersArea } from './users';

/**
 * The console's areas. Each provides its page machines with their real
 * effects and registers its entity kits; adding an area is a new file in this
 * folder and one entry here (its types reach `usePageMachines()` by themselves).
 */
export const AREAS = [
  shellArea,
  accountArea,
  profileArea,
  usersArea,
  rolesArea,
  groupsArea,
  markersArea,
  telephonyArea,
  communicationsArea,
  notificationsArea,
  securityArea,
  elevatorsArea,
  accessRulesArea,
  devicesArea,
  deviceTasksArea,
  deviceEventsArea,
  deviceSearchArea,
  identifiersArea,
  schedulesArea,
  accessMatrixArea,
  amenitiesArea,
  accessEventsArea,
  guestAccessArea,
  licencesArea,
  settingsArea,
  systemArea,
  backupsArea,
  integrationsArea,
] as const;

type AnyArea = (typeof AREAS)[number];
type EntitiesOf<A> = A extends Area<infer E, object> ? E : never;
type MachinesOf<A> = A extends Area<Record<string, EntityKit>, infer M> ? M : never;
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** Every area's entity kits, by key. */
export type AreaEntities = Intersection<EntitiesOf<AnyArea>>;
/** The resources whose generic machines the console has: the keys of every area's entities. */
export type EntityKey = keyof AreaEntities;
/** Every area's page machines, by name. */
export type AreaMachines = Intersection<MachinesOf<AnyArea>>;

/** The page machines of the whole console: every area's machines plus `entities`. */
export type GatehousePageMachines = AreaMachines & { entities: AreaEntities };

/** What composing the areas needs: the transport, alerts and the root actor once it runs. */
export type AreaDeps = Pick<AreaContext, 'http' | 'showAlert' | 'session' | 'app'>;

/**
 * Builds every area over one context and merges what they give. Two areas
 * giving the same entity key or machine name is a start-up error.
 */
export function composeAreas(deps: AreaDeps): GatehousePageMachines {
  const context: AreaContext = {
    ...deps,
    kit: createKitFactory(deps.http, deps.showAlert),
    live: createConversationLive(deps.app),
    topics: createTopicLive(deps.app),
  };
  const entities: Record<string, EntityKit> = {};
  const machines: Record<string, unknown> = {};
  for (const area of AREAS) {
    const parts = area.build(context);
    merge(entities, parts.entities, area.name);
    merge(machines, parts.machines, area.name);
  }
  // Each area's part is typed by its own builder; the merge above only adds keys, and refuses clashes.
  return { ...machines, entities } as GatehousePageMachines;
}

function merge(into: Record<string, unknown>, part: object, area: string) {
  for (const [key, value] of Object.entries(part)) {
    if (key in into || key === 'entities') throw new Error(`area '${area}': '${key}' is given twice`);
    into[key] = value;
  }
}

/** An Http whose calls never settle: page machines built over it load nothing (stories, stubs). */
export function idleHttp(): Http {
  const never = () => new Promise<never>(() => {});
  return { call: never, callFile: never };
}

/** The page machines over an idle transport and no root actor: nothing they start reaches anything. */
export function composeIdleAreas(showAlert: ShowAlert = () => {}): GatehousePageMachines {
  return composeAreas({ http: idleHttp(), showAlert, session: () => undefined, app: () => undefined });
}
