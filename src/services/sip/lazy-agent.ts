import type { AgentEventName, IncomingSession, UserAgentFactory, UserAgentPort } from './sip-port';

/**
 * A user agent whose implementation loads on first use, so JsSIP (the
 * largest library of the console) stays out of the first page load: only a
 * user who may use the dialer ever downloads it.
 *
 * Until the factory arrives the agent is disconnected: listeners and the
 * start are kept and applied in order once it has loaded; a stop before then
 * cancels the start. A failed load reports `disconnected` (the registration
 * machine retries, which loads again).
 */
export function createLazyAgent(load: () => Promise<UserAgentFactory>): UserAgentFactory {
  return (account) => {
    let real: UserAgentPort | null = null;
    let stopped = false;
    const pending: Array<(agent: UserAgentPort) => void> = [];
    const listeners: Array<[AgentEventName, (data: { cause?: string }) => void]> = [];

    void load().then(
      (factory) => {
        if (stopped) return;
        real = factory(account);
        for (const apply of pending.splice(0)) apply(real);
      },
      () => {
        if (stopped) return;
        for (const [event, listener] of listeners)
          if (event === 'disconnected') listener({ cause: 'Connection Error' });
      },
    );
    const whenLoaded = (apply: (agent: UserAgentPort) => void) => {
      if (real) apply(real);
      else if (!stopped) pending.push(apply);
    };

    return {
      start: () => whenLoaded((agent) => agent.start()),
      stop: () => {
        stopped = true;
        pending.length = 0;
        real?.stop();
      },
      register: () => whenLoaded((agent) => agent.register()),
      unregister: () => whenLoaded((agent) => agent.unregister()),
      isConnected: () => real?.isConnected() ?? false,
      call: (uri, options) => {
        // Calls are placed only while registered, which needs the loaded agent.
        if (!real) throw new Error('the SIP user agent has not loaded yet');
        return real.call(uri, options);
      },
      on: (event, listener) => {
        listeners.push([event, listener]);
        whenLoaded((agent) => agent.on(event, listener));
      },
      onIncoming: (listener: (incoming: IncomingSession) => void) => whenLoaded((agent) => agent.onIncoming(listener)),
    };
  };
}
