import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from './session.machine';

type S = SnapshotFrom<SessionMachine>;

/** True until the stored tokens have been looked at. */
export const selectIsRestoring = (s: S) => s.matches('restoring');
/** Logged in with a chosen project (the profile may still be loading). */
export const selectIsAuthenticated = (s: S) => s.matches('authenticated');
export const selectIsLoggingIn = (s: S) => s.matches({ unauthenticated: 'loggingIn' });
export const selectIsChoosingProject = (s: S) => s.matches({ unauthenticated: 'choosingProject' });
export const selectProjectSessions = (s: S) => s.context.projectSessions;
/** The last login failure code, shown on the login page. */
export const selectLoginError = (s: S) => (s.matches('unauthenticated') ? s.context.error : null);
export const selectLogoutReason = (s: S) => s.context.logoutReason;
export const selectProfile = (s: S) => s.context.profile;
export const selectIsProfileLoading = (s: S) => s.matches({ authenticated: { profile: 'loading' } });
export const selectIsProfileReady = (s: S) => s.matches({ authenticated: { profile: 'ready' } });
export const selectIsProfileFailed = (s: S) => s.matches({ authenticated: { profile: 'failed' } });
export const selectProfileError = (s: S) => (selectIsProfileFailed(s) ? s.context.error : null);
export const selectIsRefreshing = (s: S) => s.matches({ authenticated: { tokens: 'refreshing' } });
/** Permission strings of the user's role; empty without a profile (6.1). */
export const selectPermissions = (s: S): readonly string[] => s.context.profile?.role.permissions ?? EMPTY;
export const selectSettings = (s: S) => s.context.settings;
export const selectFeatures = (s: S) => s.context.settings?.features ?? null;
/** The white label the user sees (their group's, else the project's), or null for the product's own look. */
export const selectWhitelabel = (s: S) => s.context.settings?.whitelabel ?? null;
export const selectAccessToken = (s: S) => s.context.tokens?.token ?? null;
export const selectProjectName = (s: S) => s.context.profile?.project.name ?? null;

const EMPTY: readonly string[] = [];

/** Whether the user last asked to be remembered (the login form's default). */
export const selectRemember = (s: S) => s.context.remember;
/** A profile is loaded (it stays while a role change reloads it); the side menu needs one. */
export const selectHasProfile = (s: S) => s.context.profile !== null;
/** The user's display name, for the profile menu and the greeting. */
export const selectProfileName = (s: S) => s.context.profile?.name ?? null;
