import { X509Certificate } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SipStatus } from '../../src/contract/entities/calls';
import { callManagementTopic } from '../../src/contract/realtime';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { IpBlocking } from '../domain/security/ip-blocking';
import { conciergeNumbers, describeCaller, interceptorNumbers } from '../domain/telephony/calls';
import { forwardPlan } from '../domain/telephony/forwarding';
import { mayCall } from '../domain/telephony/sip-contacts';
import type { Realtime } from '../realtime/realtime';
import type { MediaFactory } from './b2bua/media';
import { createStubMedia } from './b2bua/stub-media';
import { loadTls, type TlsMaterial } from './certificate';
import type { SipLogger } from './core';
import { type SipServer, startSipServer } from './server';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The phases of a SIP restart or reinit a user is told about (7.10: SIP reboot started / completed). */
export type SipRebootPhase = 'started' | 'completed';

/**
 * Called when a restart or reinit asked by a user starts and ends, so that
 * user gets the "SIP reboot started/completed" notifications (server/http/sip.ts
 * turns them into notify() calls).
 */
export type SipRebootListener = (phase: SipRebootPhase, requester: SipRequester, ok: boolean) => void;

/** The user who asked for a restart or reinit, in the project they asked from. */
export interface SipRequester {
  userId: number;
  projectId: number;
}

export interface SipServiceOptions {
  config: Config;
  db: Kysely<Database>;
  realtime: Realtime;
  /** IP blocking shared with the console's credential calls. */
  ipBlocking: IpBlocking;
  log: SipLogger;
  /** The media engine for the call queue's legs; the signalling-only stub when absent. */
  media?: MediaFactory;
}

/**
 * The embedded SIP server's lifecycle inside the platform process: start on
 * the configured port (or any port, in tests), stop, restart (drop connections,
 * clients re-register), reinit (also reload the certificate), and its status.
 */
export function createSipService(options: SipServiceOptions) {
  const { config } = options;
  const domain = config.sipProxyHost ?? (WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host);
  let server: SipServer | null = null;
  let tls: TlsMaterial | null = null;
  let state: SipStatus['status'] = 'stopped';
  let error: string | null = null;
  let startedAt: Date | null = null;
  let listen = { host: config.host, port: config.sip.port };
  const rebootListeners = new Set<SipRebootListener>();
  const tell: SipRebootListener = (phase, requester, ok) => {
    for (const listener of rebootListeners) listener(phase, requester, ok);
  };

  const loadCertificate = () =>
    loadTls({
      certFile: config.sip.tlsCert,
      keyFile: config.sip.tlsKey,
      dataDir: config.dataDir,
      hosts: [...new Set([domain, 'localhost', '127.0.0.1'])],
    });

  const start = async (at: { host?: string; port?: number } = {}) => {
    if (server) return server.port;
    listen = { host: at.host ?? listen.host, port: at.port ?? listen.port };
    try {
      tls ??= loadCertificate();
      server = await startSipServer(
        {
          db: options.db,
          ipBlocking: options.ipBlocking,
          domain,
          tls,
          log: options.log,
          media: options.media ?? createStubMedia,
          interceptors: (callee, callerNumber) => interceptorNumbers(options.db, callee, callerNumber),
          forwarding: (callee) => forwardPlan(options.db, callee),
          mayCall: (caller, callee) => mayCall(options.db, caller, callee.number),
          queue: {
            concerned: (callee) => conciergeNumbers(options.db, callee),
            describe: (caller) => describeCaller(options.db, caller),
            publish: (numbers, call) => {
              // A number is the installation's (numbers are unique across projects) and only its holder in
              // its project may subscribe to its topic: the topic is bound to that project by its name.
              for (const number of numbers) {
                options.realtime.publish(
                  callManagementTopic(number),
                  { type: 'CallUpdated', call },
                  { projectId: null },
                );
              }
            },
          },
        },
        listen.host,
        listen.port,
      );
      state = 'running';
      error = null;
      startedAt = new Date();
      return server.port;
    } catch (failure) {
      state = 'error';
      error = failure instanceof Error ? failure.message : String(failure);
      throw failure;
    }
  };

  const stop = async () => {
    const running = server;
    server = null;
    startedAt = null;
    if (state !== 'error') state = 'stopped';
    await running?.close();
  };

  const reboot = async (requester: SipRequester | null, reload: boolean) => {
    if (requester) tell('started', requester, true);
    state = 'restarting';
    let ok = true;
    try {
      await stop();
      if (reload) tls = null;
      state = 'stopped';
      await start();
    } catch (failure) {
      ok = false;
      options.log.error({ err: failure }, 'sip: restart failed');
    } finally {
      if (requester) tell('completed', requester, ok);
    }
    return ok;
  };

  return {
    domain,
    /** Starts listening; resolves with the port. Tests pass `{ host: '127.0.0.1', port: 0 }`. */
    start,
    stop,
    /** Stops and starts again (connections drop; clients re-register). False when it could not start. */
    restart: (requester: SipRequester | null = null) => reboot(requester, false),
    /** As restart, and the certificate is loaded (or generated) again. */
    reinit: (requester: SipRequester | null = null) => reboot(requester, true),
    /** Adds a listener to reboots asked for by users (the SIP routes notify the user); returns its removal. */
    onReboot(listener: SipRebootListener): () => void {
      rebootListeners.add(listener);
      return () => rebootListeners.delete(listener);
    },
    /** The running server, or null when stopped. */
    get server(): SipServer | null {
      return server;
    },
    /** The certificate in use (for tests and the README's trust instructions). */
    /** The SIP server is up and listening (cheap: no certificate parsing, unlike status()). */
    get running(): boolean {
      return state === 'running' && server !== null;
    },
    get certificate(): TlsMaterial | null {
      return tls;
    },
    status(): SipStatus {
      const stats = server?.stats() ?? { connections: 0, numbers: 0, registrations: 0, calls: 0, waitingCalls: 0 };
      let validTo: string | null = null;
      if (tls) {
        try {
          validTo = new Date(new X509Certificate(tls.cert).validTo).toISOString();
        } catch {
          validTo = null;
        }
      }
      return {
        status: state,
        port: server?.port ?? null,
        domain,
        started_at: startedAt?.toISOString() ?? null,
        connections: stats.connections,
        registered_numbers: stats.numbers,
        registrations: stats.registrations,
        calls: stats.calls,
        waiting_calls: stats.waitingCalls,
        certificate: { self_signed: tls?.selfSigned ?? true, valid_to: validTo },
        error,
      };
    },
  };
}

export type SipService = ReturnType<typeof createSipService>;
