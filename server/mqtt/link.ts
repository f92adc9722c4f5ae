import type { DeviceEvent, DeviceStatus, RequestKind } from './protocol';

/**
 * What the platform uses to talk to devices, whichever broker carries it: the embedded aedes
 * (`embedded-link.ts`) or an external one given by MQTT_URL (`external-link.ts`).
 */

export type Unsubscribe = () => void;

/** How a request ended without an answer, or with a refusal. */
export type DeviceLinkErrorCode = 'offline' | 'timeout' | 'refused' | 'closed';

export class DeviceLinkError extends Error {
  constructor(
    readonly code: DeviceLinkErrorCode,
    readonly serial: string,
    /** The device's own error code when it refused (`relay_out_of_range`, `unknown_kind`, …). */
    readonly deviceCode: string | null = null,
    message = deviceCode ? `${code}: ${deviceCode}` : code,
  ) {
    super(message);
    this.name = 'DeviceLinkError';
  }
}

/** A device's log line (realtime logging). */
export interface DeviceLogLine {
  at: string;
  level: string;
  text: string;
}

/** Answers of `/broker/status` (7.8; the shape is ours, docs/decisions.md Devices). */
export interface BrokerStatus {
  mode: 'embedded' | 'external';
  /** Embedded: listening; external: connected to the broker. */
  running: boolean;
  started_at: string | null;
  uptime_s: number;
  /** Embedded: where it listens. External: the broker's URL without credentials. */
  listeners: { protocol: string; host: string; port: number }[];
  url: string | null;
  /** Clients connected to the embedded broker; null for an external one (it does not say). */
  clients: number | null;
  devices_online: number;
  requests_pending: number;
}

export interface RequestOptions {
  /** Default 10 s (docs/device-protocol.md). */
  timeoutMs?: number;
  /**
   * The request id (default a new UUID). The task queue sends a task's own id, so a request sent
   * again after a crash or a timeout is one the device recognises and answers without acting twice.
   */
  id?: string;
}

/** Called with a batch of events; resolve once they are stored: only then are they acked. */
export type EventsHandler = (serial: string, events: DeviceEvent[]) => Promise<void> | void;

export interface DeviceLink {
  readonly mode: 'embedded' | 'external';
  /**
   * Sends a request and resolves with the response body. Rejects with DeviceLinkError:
   * `offline` at once when the device is not online (or goes offline meanwhile), `timeout`,
   * `refused` when the device answered `ok: false`, `closed` when the link stops or restarts.
   */
  request(
    serial: string,
    kind: RequestKind,
    body?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<Record<string, unknown>>;
  onStatus(handler: (serial: string, status: DeviceStatus) => void): Unsubscribe;
  onEvents(handler: EventsHandler): Unsubscribe;
  onLog(handler: (serial: string, line: DeviceLogLine) => void): Unsubscribe;
  isOnline(serial: string): boolean;
  onlineSerials(): string[];
  /** The last status a device published, or null. */
  lastStatus(serial: string): DeviceStatus | null;
  status(): BrokerStatus;
  /** `/broker/restart`: the embedded broker stops and starts on the same ports; external: reconnects. */
  restart(): Promise<void>;
  /** The embedded broker's certificate in use (PEM), null for plain MQTT; an external broker has none of ours. */
  certificate?(): string | null;
  close(): Promise<void>;
}
