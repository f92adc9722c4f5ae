import { createContext, type ReactNode, use, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AlertsMachine } from '../../machines/alerts/alerts.machine';
import type { AppMachine } from '../../machines/app/app.machine';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { GatehousePageMachines } from '../../services/areas/areas';

/** The root actor and its singletons, as views see them. */
export interface ActorRefs {
  app: ActorRefFrom<AppMachine>;
  session: ActorRefFrom<SessionMachine>;
  alerts: ActorRefFrom<AlertsMachine>;
}

/**
 * Machines for page-level actors, already given their real effects with
 * `provide` by the areas of src/services/areas (each area's machines, plus
 * every area's entity kits under `entities`). Pages create their actor from
 * these; stories and tests pass stubs instead.
 */
export type PageMachines = GatehousePageMachines;

const ActorRefsContext = createContext<ActorRefs | null>(null);
/** The page machines, or (in the console) the function that loads their chunk once. */
type PageMachinesSource = PageMachines | (() => Promise<PageMachines>);
const PageMachinesContext = createContext<PageMachinesSource | null>(null);

/**
 * Provides the root actor's refs and the page machines. The console passes the
 * machines as a loader (their chunk loads at login, or when a page first asks;
 * the loader returns the same promise each time); stories and tests pass them
 * directly.
 */
export function ActorProvider(props: { refs: ActorRefs; machines: PageMachinesSource; children: ReactNode }) {
  return (
    <ActorRefsContext.Provider value={props.refs}>
      <PageMachinesContext.Provider value={props.machines}>{props.children}</PageMachinesContext.Provider>
    </ActorRefsContext.Provider>
  );
}

function useRefs(): ActorRefs {
  const refs = useContext(ActorRefsContext);
  if (!refs) throw new Error('ActorProvider is missing');
  return refs;
}

export const useAppActor = () => useRefs().app;
export const useSessionActor = () => useRefs().session;
export const useAlertsActor = () => useRefs().alerts;

/** The page machines; suspends (inside the page's Suspense boundary) until their chunk has loaded. */
export function usePageMachines(): PageMachines {
  const machines = useContext(PageMachinesContext);
  if (!machines) throw new Error('ActorProvider is missing');
  return typeof machines === 'function' ? use(machines()) : machines;
}
