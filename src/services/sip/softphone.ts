import { type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import { callMachine } from '../../machines/call/call.machine';
import type { SipSessionCommand, SipSessionInput } from '../../machines/call/call.types';
import { dialerMachine } from '../../machines/dialer/dialer.machine';
import { interceptionMachine } from '../../machines/interception/interception.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import {
  type SipAccount,
  sipRegistrationMachine,
  type UserAgentCommand,
} from '../../machines/sip-registration/sip-registration.machine';
import type { Http } from '../http';
import { type CallNotifications, createCallNotifications } from './call-notifications';
import { createLazyAgent } from './lazy-agent';
import { type BrowserMedia, createBrowserMedia, requestMediaAccess } from './media';
import { type AgentFact, createPhone, type MediaSink, type SessionFact } from './phone';
import { createRinger, type Ringer } from './ringer';
import type { UserAgentFactory } from './sip-port';
import { createSoftphoneApi } from './softphone-api';

/** An alert as the softphone raises it (a translation code, 2.3). */
export interface SoftphoneAlert {
  kind: 'error' | 'warning' | 'success' | 'info';
  code: string;
}

export interface SoftphoneDeps {
  http: Pick<Http, 'call'>;
  showAlert: (alert: SoftphoneAlert) => void;
  /** Texts of desktop notifications (i18next's `t`; services hold no texts). */
  translate: (key: string, params?: Record<string, string>) => string;
  createAgent?: UserAgentFactory;
  media?: MediaSink;
  ringer?: Ringer;
  notifications?: CallNotifications;
  requestMedia?: () => Promise<void>;
}

/** The dialer's own number, for calls that need it (its history). */
function dialerNumber(system: { get: (id: string) => AnyActorRef | undefined }): string {
  const number = system.get('dialer')?.getSnapshot().context.myNumber as string | undefined;
  if (!number) throw { code: 'cannot perform action', status: 0 };
  return number;
}

/**
 * The softphone's machines with their real effects: JsSIP over WSS, media
 * elements, the ring and desktop notifications, and the REST calls of 7.6.
 * The root actor invokes the three singletons while logged in.
 */
export function createSoftphone(deps: SoftphoneDeps) {
  const api = createSoftphoneApi(deps.http);
  const browserMedia: BrowserMedia | null = deps.media ? null : createBrowserMedia();
  const media = deps.media ?? (browserMedia as BrowserMedia);
  const ringer = deps.ringer ?? createRinger();
  const notifications = deps.notifications ?? createCallNotifications(undefined, () => window.focus());
  // JsSIP loads with the first registration, not with the login page.
  const createAgent =
    deps.createAgent ?? createLazyAgent(() => import('./jssip-agent').then((m) => m.createJsSipAgent));
  const phone = createPhone({ createAgent, media });
  const errorAlert = (code: string) => deps.showAlert({ kind: 'error', code: `errors.http.${code}` });

  const sipRegistration = sipRegistrationMachine.provide({
    actors: {
      requestMedia: fromPromise(async () => {
        await (deps.requestMedia ?? requestMediaAccess)();
        notifications.ask();
      }),
      userAgent: fromCallback<UserAgentCommand, SipAccount>(({ input, sendBack, receive, system }) => {
        const report = (fact: AgentFact) => sendBack(fact);
        phone.start(input, report, (call) => {
          const dialer = system.get('dialer');
          dialer?.send({ type: 'sip.incoming', call });
          return dialer !== undefined;
        });
        receive((command) => (command.type === 'ua.register' ? phone.register(report) : phone.unregister(report)));
        return () => phone.stop();
      }),
    },
  });

  const call = callMachine.provide({
    actors: {
      sipSession: fromCallback<SipSessionCommand, SipSessionInput>(({ input, sendBack, receive }) => {
        const session = phone.openSession(input, (fact: SessionFact) => sendBack(fact));
        receive(session.command);
        return () => {
          // Exit actions do not run when a call actor is stopped (logout): silence it here too.
          ringer.stop(input.speechId);
          notifications.close(input.speechId);
          session.close();
        };
      }),
      stopCall: fromPromise(({ input }) => api.stopCall(input.speechId)),
    },
    actions: {
      startRinging: (_, { speechId, number, sosCall }) => {
        ringer.start(speechId);
        notifications.show(speechId, {
          title: deps.translate(sosCall ? 'dialer:notification.sosTitle' : 'dialer:notification.title'),
          body: deps.translate('dialer:notification.body', { number }),
        });
      },
      stopRinging: (_, { speechId }) => {
        ringer.stop(speechId);
        notifications.close(speechId);
      },
      alertFailure: (_, { code }) => errorAlert(code),
    },
  });

  const dialer = dialerMachine.provide({
    actors: {
      call,
      contacts: loaderMachine.provide({ actors: { fetch: fromPromise<unknown>(() => api.contacts()) } }),
      recents: loaderMachine.provide({
        actors: { fetch: fromPromise<unknown>(({ system }) => api.dialerHistory(dialerNumber(system))) },
      }),
      doorDevices: loaderMachine.provide({ actors: { fetch: fromPromise<unknown>(() => api.doorDevices()) } }),
      loadWaitingCalls: fromPromise(() => api.waitingCalls()),
      openDoor: fromPromise(({ input }) => api.openDoor(input.token)),
    },
    actions: { alert: (_, alert) => deps.showAlert(alert) },
  });

  const interception = interceptionMachine.provide({
    actors: {
      loadSettings: fromPromise(() => api.interception()),
      saveSettings: fromPromise(({ input }) => api.saveInterception(input)),
    },
    actions: { alert: (_, alert) => deps.showAlert(alert) },
  });

  /** Views attach video elements through this (null when media is injected, as in tests). */
  const attachVideo: BrowserMedia['attachVideo'] = (speechId, kind, element) =>
    browserMedia?.attachVideo(speechId, kind, element);

  return { sipRegistration, dialer, interception, attachVideo, phone };
}

export type Softphone = ReturnType<typeof createSoftphone>;
