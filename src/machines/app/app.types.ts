import type { Language } from '../../contract/constants';
import type { RealtimeDelivery } from '../realtime/realtime.types';
import type { SessionInput } from '../session/session.types';
import type { SoftphoneAccess } from '../softphone/softphone.access';

/** Floating action button states (4). */
export type FloatingButtonState = 'loading' | 'disabled' | 'hidden' | 'normal';

/**
 * A floating action button of 2.3. The click handler is an event sent to a
 * system actor, so the model stays serialisable and testable.
 */
export interface FloatingButton {
  id: number;
  icon: string;
  state: FloatingButtonState;
  order: number;
  color?: string;
  extraClass?: string;
  badge?: { text: string; color?: string };
  click?: { systemId: string; event: { type: string } };
  /**
   * The i18n key (with its namespace) of the button's accessible name when the icon alone
   * does not tell its state: a screen reader hears what a sighted user reads from the colour.
   */
  labelKey?: string;
}

export interface AppContext {
  locale: Language;
  drawerOpen: boolean;
  /** Ids of collapsed side-menu categories (stored as sideMenuState). */
  collapsedCategories: string[];
  floatingButtons: FloatingButton[];
  /** What the softphone runs with, from the last loaded profile (null: no dialer). */
  softphone: SoftphoneAccess | null;
}

export interface AppInput {
  locale: Language;
  collapsedCategories: string[];
  session: SessionInput;
}

export type AppEvent =
  | { type: 'locale.change'; locale: Language }
  /** The locale was saved elsewhere (the profile form): apply it, do not save it again. */
  | { type: 'locale.adopt'; locale: Language }
  | { type: 'drawer.toggle' }
  | { type: 'drawer.close' }
  | { type: 'menu.toggleCategory'; category: string }
  | { type: 'fab.upsert'; button: FloatingButton }
  | { type: 'fab.remove'; id: number }
  /** Facts reported by the session child. */
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' }
  /** A profile is loaded (first or again); `softphone` says whether and how the dialer may run (softphone.access.ts). */
  | { type: 'session.profileLoaded'; profileId: number; softphone?: SoftphoneAccess | null }
  /** Delivered by the realtime actor for the topics the root listens to. */
  | RealtimeDelivery;
