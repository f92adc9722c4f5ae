import * as JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import type { SipAccount } from '../../machines/sip-registration/sip-registration.machine';
import { type SipSessionPort, sipUri, type UserAgentFactory, type UserAgentPort } from './sip-port';

/**
 * The JsSIP user agent over secure websocket (7.11): `wss://{host}:{port}`,
 * subprotocol `sip`, registering `sip:{number}@{host}` with the number's
 * password. Registration is driven by the sipRegistration machine, so JsSIP's
 * own automatic registration is off; its transport recovery stays on.
 */
export const createJsSipAgent: UserAgentFactory = (account: SipAccount): UserAgentPort => {
  const socket = new JsSIP.WebSocketInterface(`wss://${account.host}:${account.port}`);
  const ua = new JsSIP.UA({
    sockets: [socket],
    uri: sipUri(account.number, account.host),
    password: account.password,
    display_name: account.displayName,
    register: false,
    session_timers: false,
    connection_recovery_min_interval: 2,
    connection_recovery_max_interval: 30,
    user_agent: 'Gatehouse softphone',
  });
  return {
    start: () => ua.start(),
    stop: () => ua.stop(),
    register: () => ua.register(),
    unregister: () => ua.unregister(),
    isConnected: () => ua.isConnected(),
    call: (uri, options) => ua.call(uri, options) as unknown as SipSessionPort,
    on: (event, listener) => {
      ua.on(event, (data: { cause?: string }) => listener({ cause: data?.cause }));
    },
    onIncoming: (listener) => {
      ua.on('newRTCSession', (event: RTCSessionEvent) => {
        if (event.originator !== 'remote') return;
        const session = event.session as RTCSession;
        const request = event.request;
        listener({
          session: session as unknown as SipSessionPort,
          header: (name) => request.getHeader(name) || undefined,
          fromNumber: session.remote_identity.uri.user,
          fromName: session.remote_identity.display_name || null,
          video: typeof request.body === 'string' && request.body.includes('m=video'),
        });
      });
    },
  };
};
