import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Profile } from '../../contract/entities/profile';
import type { ProjectSession, TokenPair } from '../../contract/entities/session';
import { softphoneAccess } from '../softphone/softphone.access';
import type {
  CallFailure,
  LoginInput,
  LogoutReason,
  ProfileBundle,
  SessionContext,
  SessionEvent,
  SessionInput,
} from './session.types';

/**
 * The session: unauthenticated → (choosingProject) → authenticated.
 * Authenticated is parallel: `profile` loads and keeps the profile, `tokens`
 * refreshes the token pair once when the transport reports an expired token.
 * Effects are placeholders; the services layer provides them (session-effects.ts).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<ProjectSession[], LoginInput>(() => new Promise(() => {})),
    loadProfile: fromPromise<ProfileBundle, { tokens: TokenPair }>(() => new Promise(() => {})),
    refreshTokens: fromPromise<TokenPair, { refresh: string }>(() => new Promise(() => {})),
  },
  actions: {
    /** Writes or clears tokens in session/persistent storage per `remember`. */
    persistTokens: (_, _params: { tokens: TokenPair | null; remember: boolean }) => {},
    /** Tells the server the session is over (POST /logout); the local logout never waits for it. */
    endServerSession: (_, _params: { tokens: TokenPair | null }) => {},
    notifyLoggedIn: sendParent({ type: 'session.loggedIn' }),
    notifyLoggedOut: sendParent({ type: 'session.loggedOut' }),
    notifyProfileLoaded: sendParent(({ context }) => ({
      type: 'session.profileLoaded',
      profileId: context.profile!.id,
      softphone: softphoneAccess(context.profile, context.settings),
    })),
    startLogin: assign((_, params: { remember: boolean }) => ({ remember: params.remember, error: null })),
    offerProjects: assign((_, params: { sessions: ProjectSession[] }) => ({ projectSessions: params.sessions })),
    /** The tokens of the one project, or of the chosen one; the choice is over. */
    takeSession: assign((_, params: { session: ProjectSession }) => ({
      tokens: { token: params.session.token, refresh: params.session.refresh },
      projectSessions: [],
    })),
    forgetProjects: assign({ projectSessions: [] }),
    setError: assign((_, params: { error: CallFailure }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    clearLogoutReason: assign({ logoutReason: null, error: null }),
    /** Logged out (by the user, or because the tokens could not be refreshed): nothing of the user stays. */
    forgetUser: assign((_, params: { reason: LogoutReason }) => ({
      tokens: null,
      profile: null,
      settings: null,
      logoutReason: params.reason,
    })),
    takeProfile: assign((_, params: ProfileBundle) => ({ profile: params.profile, settings: params.settings })),
    updateProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile })),
    takeTokens: assign((_, params: { tokens: TokenPair }) => ({ tokens: params.tokens })),
  },
  guards: {
    hasStoredTokens: ({ context }) => context.tokens !== null,
    hasSeveralProjects: (_, params: { sessions: ProjectSession[] }) => params.sessions.length > 1,
    hasOneProject: (_, params: { sessions: ProjectSession[] }) => params.sessions.length === 1,
    isKnownProject: ({ context }, params: { projectId: number }) =>
      context.projectSessions.some((s) => s.project.id === params.projectId),
    isOwnRole: ({ context }, params: { roleId: number }) => context.profile?.role.id === params.roleId,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    tokens: input.tokens,
    remember: input.remember,
    projectSessions: [],
    profile: null,
    settings: null,
    error: null,
    logoutReason: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredTokens', target: 'authenticated' }, { target: 'unauthenticated' }],
    },
    unauthenticated: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.login': {
              target: 'loggingIn',
              actions: { type: 'startLogin', params: ({ event }) => ({ remember: event.remember }) },
            },
          },
        },
        loggingIn: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { login: e.login, password: e.password, remember: e.remember };
            },
            onDone: [
              {
                guard: { type: 'hasSeveralProjects', params: ({ event }) => ({ sessions: event.output }) },
                target: 'choosingProject',
                actions: { type: 'offerProjects', params: ({ event }) => ({ sessions: event.output }) },
              },
              {
                guard: { type: 'hasOneProject', params: ({ event }) => ({ sessions: event.output }) },
                target: '#session.authenticated',
                actions: { type: 'takeSession', params: ({ event }) => ({ session: event.output[0]! }) },
              },
              { target: 'idle', actions: { type: 'setError', params: { error: { code: 'no projects' } } } },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error as CallFailure }) },
            },
          },
        },
        choosingProject: {
          on: {
            'session.chooseProject': {
              guard: { type: 'isKnownProject', params: ({ event }) => ({ projectId: event.projectId }) },
              target: '#session.authenticated',
              actions: {
                type: 'takeSession',
                params: ({ context, event }) => ({
                  session: context.projectSessions.find((s) => s.project.id === event.projectId)!,
                }),
              },
            },
            'session.cancelChoice': { target: 'idle', actions: 'forgetProjects' },
          },
        },
      },
    },
    authenticated: {
      type: 'parallel',
      entry: [
        'clearLogoutReason',
        { type: 'persistTokens', params: ({ context }) => ({ tokens: context.tokens, remember: context.remember }) },
        'notifyLoggedIn',
      ],
      exit: 'notifyLoggedOut',
      on: {
        'session.logout': {
          target: 'unauthenticated',
          actions: [
            { type: 'endServerSession', params: ({ context }) => ({ tokens: context.tokens }) },
            { type: 'forgetUser', params: { reason: 'user' } },
            { type: 'persistTokens', params: { tokens: null, remember: false } },
          ],
        },
      },
      states: {
        profile: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ tokens: context.tokens! }),
                onDone: {
                  target: 'ready',
                  actions: [{ type: 'takeProfile', params: ({ event }) => event.output }, 'notifyProfileLoaded'],
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'setError', params: ({ event }) => ({ error: event.error as CallFailure }) },
                },
              },
            },
            ready: {
              on: {
                'session.roleChanged': {
                  guard: { type: 'isOwnRole', params: ({ event }) => ({ roleId: event.roleId }) },
                  target: 'loading',
                },
                'session.profileChanged': { target: 'loading' },
                // The user saved their own profile (maybe another SIP number): the softphone follows.
                'profile.updated': {
                  actions: [
                    { type: 'updateProfile', params: ({ event }) => ({ profile: event.profile }) },
                    'notifyProfileLoaded',
                  ],
                },
              },
            },
            failed: {
              on: { 'session.retry': { target: 'loading', actions: 'clearError' } },
            },
          },
        },
        tokens: {
          initial: 'valid',
          states: {
            valid: {
              on: { 'session.tokenExpired': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ refresh: context.tokens!.refresh }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'takeTokens', params: ({ event }) => ({ tokens: event.output }) },
                    {
                      type: 'persistTokens',
                      params: ({ context, event }) => ({ tokens: event.output, remember: context.remember }),
                    },
                  ],
                },
                onError: {
                  target: '#session.unauthenticated',
                  actions: [
                    { type: 'forgetUser', params: { reason: 'expired' } },
                    { type: 'persistTokens', params: { tokens: null, remember: false } },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
