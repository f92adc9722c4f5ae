import type { Profile } from '../../contract/entities/profile';
import type { ServerSettings } from '../../contract/entities/server-settings';
import type { ProjectSession, TokenPair } from '../../contract/entities/session';

/** What a failed call reports to a machine: a catalogue code plus optional field errors. */
export interface CallFailure {
  /** Catalogue code (8.2), e.g. `incorrect login/password`, or `network` / `timeout`. */
  code: string;
  status?: number;
  fields?: Record<string, { code: string; params?: Record<string, string | number> }>;
  entities?: string[];
  /** Values for the placeholders of a parameterised message (a limit's used and max). */
  params?: Record<string, string | number>;
  /** `licence consistency error`: each rule a group's licence breaks, as sent (read with its schema where shown). */
  consistency?: unknown[];
}

/** Credentials typed on the login page; `remember` picks persistent storage for tokens. */
export interface LoginInput {
  login: string;
  password: string;
  remember: boolean;
}

/** Why the user is logged out; the guard uses it to keep a redirect back. */
export type LogoutReason = 'user' | 'expired' | null;

export interface SessionContext {
  tokens: TokenPair | null;
  remember: boolean;
  /** Sessions returned by login while the user chooses a project. */
  projectSessions: ProjectSession[];
  profile: Profile | null;
  settings: ServerSettings | null;
  /** Last failure as a code; views translate it. */
  error: CallFailure | null;
  logoutReason: LogoutReason;
}

export type SessionEvent =
  | ({ type: 'session.login' } & LoginInput)
  | { type: 'session.chooseProject'; projectId: number }
  | { type: 'session.cancelChoice' }
  | { type: 'session.logout' }
  /** Reported by the HTTP transport when a call got 401 not_authorized. */
  | { type: 'session.tokenExpired' }
  /** A RoleChangedEvent from realtime: refresh the profile when it is our role. */
  | { type: 'session.roleChanged'; roleId: number }
  /** A ProfileChangedEvent from realtime: our profile changed on the server, reload it. */
  | { type: 'session.profileChanged' }
  | { type: 'session.retry' }
  /** The profile was saved elsewhere (profile page): take the new copy. */
  | { type: 'profile.updated'; profile: Profile };

export interface SessionInput {
  tokens: TokenPair | null;
  remember: boolean;
}

/** The profile load resolves with both the profile and the settings of its project. */
export interface ProfileBundle {
  profile: Profile;
  settings: ServerSettings;
}
