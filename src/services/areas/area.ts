import type { ActorRefFrom } from 'xstate';
import type { AppMachine } from '../../machines/app/app.machine';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { ConversationLive } from '../conversation-live';
import type { EntityKit, KitFactory } from '../entity-kit';
import type { ShowAlert } from '../entity-machines';
import type { Http } from '../http';
import type { TopicLive } from '../topic-live';

/** What every area is given to build its machines. */
export interface AreaContext {
  http: Http;
  /** Shows an alert through the root actor's alerts. */
  showAlert: ShowAlert;
  /** Makes the list, form, picker and labels machines of an entity whose calls CALLS declares. */
  kit: KitFactory;
  /** Live conversation messages for page actors (they run outside the root actor's system). */
  live: ConversationLive;
  /** Realtime topics page actors listen to while their page is shown (through the root's topicFeed). */
  topics: TopicLive;
  /** The session actor, once the root actor runs (profile, time zone). */
  session: () => ActorRefFrom<SessionMachine> | undefined;
  /** The root actor, once it runs (locale, the notifications centre). */
  app: () => ActorRefFrom<AppMachine> | undefined;
}

/** What an area gives the console: its entities' kits and its page machines with their real effects. */
export interface AreaParts<E extends Record<string, EntityKit>, M extends object> {
  /** Entity kits by key: pages reach them as `usePageMachines().entities.<key>`. */
  entities: E;
  /** Page machines by name: pages reach them as `usePageMachines().<name>`. */
  machines: M;
}

/**
 * One area of the console (users, telephony, …): a name and a builder. The
 * area list (src/services/areas/areas.ts) composes them; adding an area is a
 * new file and one entry in that list.
 */
export interface Area<E extends Record<string, EntityKit>, M extends object> {
  name: string;
  build: (context: AreaContext) => AreaParts<E, M>;
}

/** Declares an area (an area without entities gives `entities: {}`); its types flow into `PageMachines`. */
export function defineArea<E extends Record<string, EntityKit>, M extends object>(
  name: string,
  build: (context: AreaContext) => AreaParts<E, M>,
): Area<E, M> {
  return { name, build };
}
