import { describe, expect, it, vi } from 'vitest';
import { createLazyAgent } from '../../src/services/sip/lazy-agent';
import type { UserAgentFactory, UserAgentPort } from '../../src/services/sip/sip-port';

const account = { number: '100002', password: 'pw', displayName: 'Cora', host: 'pbx.local', port: 8443 };

/** A recording fake agent and a load the test resolves or rejects by hand. */
function setup() {
  const log: string[] = [];
  const fired: Record<string, Array<(data: { cause?: string }) => void>> = {};
  const fake: UserAgentPort = {
    start: () => log.push('start'),
    stop: () => log.push('stop'),
    register: () => log.push('register'),
    unregister: () => log.push('unregister'),
    isConnected: () => true,
    call: () => {
      log.push('call');
      return {} as ReturnType<UserAgentPort['call']>;
    },
    on: (event, listener) => {
      log.push(`on ${event}`);
      fired[event] = [...(fired[event] ?? []), listener];
    },
    onIncoming: () => log.push('onIncoming'),
  };
  let resolve!: (factory: UserAgentFactory) => void;
  let reject!: (error: unknown) => void;
  const load = vi.fn(
    () =>
      new Promise<UserAgentFactory>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  const factory = vi.fn(() => fake);
  return { log, fired, load, factory, loaded: () => resolve(factory), failed: () => reject(new Error('chunk')) };
}

describe('lazy SIP user agent', () => {
  it('keeps listeners and the start until the implementation loads, then applies them in order', async () => {
    const t = setup();
    const agent = createLazyAgent(t.load)(account);
    agent.on('registered', () => {});
    agent.onIncoming(() => {});
    agent.start();
    expect(agent.isConnected()).toBe(false);
    expect(() => agent.call('sip:1@x', { extraHeaders: [] } as never)).toThrow();
    expect(t.log).toEqual([]);
    t.loaded();
    await vi.waitFor(() => expect(t.log).toEqual(['on registered', 'onIncoming', 'start']));
    expect(t.factory).toHaveBeenCalledWith(account);
    expect(agent.isConnected()).toBe(true);
    agent.register();
    agent.call('sip:1@x', { extraHeaders: [] } as never);
    expect(t.log.slice(-2)).toEqual(['register', 'call']);
  });

  it('a stop before the load cancels the start: the implementation is never built', async () => {
    const t = setup();
    const agent = createLazyAgent(t.load)(account);
    agent.start();
    agent.stop();
    t.loaded();
    await new Promise((r) => setTimeout(r, 10));
    expect(t.factory).not.toHaveBeenCalled();
    expect(t.log).toEqual([]);
  });

  it('a failed load reports disconnected, so the registration machine retries', async () => {
    const t = setup();
    const agent = createLazyAgent(t.load)(account);
    const disconnected = vi.fn();
    const registered = vi.fn();
    agent.on('disconnected', disconnected);
    agent.on('registered', registered);
    agent.start();
    t.failed();
    await vi.waitFor(() => expect(disconnected).toHaveBeenCalledWith({ cause: 'Connection Error' }));
    expect(registered).not.toHaveBeenCalled();
    expect(agent.isConnected()).toBe(false);
  });
});
