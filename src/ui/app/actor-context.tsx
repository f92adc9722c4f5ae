import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AlertsMachine } from '../../machines/alerts/alerts.machine';
import type { AppMachine } from '../../machines/app/app.machine';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import type { GenerateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { PasswordFormMachine } from '../../machines/password-form/password-form.machine';
import type { ProfileFormMachine } from '../../machines/profile-form/profile-form.machine';
import type { PublicFormMachine } from '../../machines/public-form/public-form.machine';
import type { SessionMachine } from '../../machines/session/session.machine';
import type { StructureImportMachine } from '../../machines/structure-import/structure-import.machine';
import type { CommunicationMachines } from '../../services/communications';
import type { EntityKey, EntityKit, UserCommandMachines } from '../../services/entity-registry';
import type { NotificationPageMachines } from '../../services/notification-pages';

/** The root actor and its singletons, as views see them. */
export interface ActorRefs {
  app: ActorRefFrom<AppMachine>;
  session: ActorRefFrom<SessionMachine>;
  alerts: ActorRefFrom<AlertsMachine>;
}

/**
 * Machines for page-level actors, already given their real effects with
 * `provide` (src/services). Pages create their actor from these; stories and
 * tests pass stubs instead.
 */
export interface PageMachines {
  profileForm: ProfileFormMachine;
  passwordForm: PasswordFormMachine;
  homeCounts: LoaderMachine;
  /** The terms page for a locale. */
  terms: (locale: string) => LoaderMachine;
  /** List, form and picker machines per resource (src/services/entity-registry.ts). */
  entities: Record<EntityKey, EntityKit>;
  /** The user pages' one-call dialogs: password, avatar, invitation. */
  userCommands: UserCommandMachines;
  /** Applying markers to users (POST /markers/apply). */
  markerApply: EntityFormMachine;
  /** Structure import of a group (7.3) and its export (downloads the file when started). */
  structureImport: StructureImportMachine;
  structureExport: (groupId: number) => LoaderMachine;
  /** The generate-groups dialog (preview, then save). */
  generateGroups: GenerateGroupsMachine;
  /** Communications (7.6): one conversation, the poll page, start/stop of announces and alerts. */
  communications: CommunicationMachines;
  /** The /notifications list and the notification settings form. */
  notifications: NotificationPageMachines;
  /** Logged-out account flows: password recovery, reset by mailed code, registration by invitation. */
  accountForms: {
    recovery: PublicFormMachine;
    reset: (code: string) => PublicFormMachine;
    registration: (token: string) => PublicFormMachine;
    selfRegistration: PublicFormMachine;
    confirm: (token: string) => PublicFormMachine;
  };
}

const ActorRefsContext = createContext<ActorRefs | null>(null);
const PageMachinesContext = createContext<PageMachines | null>(null);

export function ActorProvider(props: { refs: ActorRefs; machines: PageMachines; children: ReactNode }) {
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

export function usePageMachines(): PageMachines {
  const machines = useContext(PageMachinesContext);
  if (!machines) throw new Error('ActorProvider is missing');
  return machines;
}
