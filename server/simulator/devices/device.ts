import mqtt, { type MqttClient } from 'mqtt';
import type { AlarmSensor } from '../../../src/contract/entities/device-alarm';
import type { DeviceEventType } from '../../../src/contract/entities/device-event';
import {
  AckSchema,
  type DeviceEvent,
  type DeviceResponse,
  type DeviceStatus,
  EVENT_BATCH,
  LOST_STATUS,
  parsePayload,
  RequestSchema,
} from '../../mqtt/protocol';
import { topicOf } from '../../mqtt/topics';
import { type AccessDecider, type AccessDecision, decideFromLists, type SyncItem } from './access-decision';
import { Backlog } from './backlog';
import { type DeviceKind, type FloorMapEntry, KINDS, type KindProfile } from './kinds';
import { answer } from './requests';
import { type Tickable, Ticker } from './ticker';

/**
 * A device that is not there, speaking docs/device-protocol.md over MQTT: status heartbeat,
 * requests, events kept until acked and replayed after an outage, alarms, access decided from
 * the lists the server synced (so its doors work offline). Cheap enough to run thousands: one
 * MQTT.js connection each, every timer shared through a Ticker.
 */

export interface SimulatedDeviceOptions {
  /** The broker, `mqtt://127.0.0.1:1883` (or ws://…/mqtt). */
  url: string;
  serial: string;
  /** The device's MQTT password (its settings' mqtt password). */
  password: string;
  kind: DeviceKind;
  /** Loopback address it reports (and answers discovery on, see fleet); default 127.0.0.1. */
  ip?: string;
  /** Seconds between status heartbeats (default 30). */
  heartbeatS?: number;
  /** Unacked events are sent again after this long (default 10 s). */
  resendMs?: number;
  /** A dropped connection is made again after this long (default 1 s). */
  reconnectMs?: number;
  /** Offline time of a reboot when the request names none (default 1 s). */
  rebootDelayMs?: number;
  floorMap?: FloorMapEntry[];
  decide?: AccessDecider;
  /** Shared timer of a fleet; a device alone makes its own. */
  ticker?: Ticker;
  /** MQTT keepalive seconds (default 60). */
  keepaliveS?: number;
}

const ANSWERED_KEEP_MS = 5 * 60_000;
/** Most answers kept for repeated ids (the oldest go first), and most executed ids recorded. */
const ANSWERED_MAX = 1_000;
const EXECUTED_MAX = 10_000;
const FIRMWARE = 'sim-1.0';

export class SimulatedDevice implements Tickable {
  readonly serial: string;
  readonly profile: KindProfile;
  readonly ip: string;
  heartbeatMs: number;
  rebootDelayMs: number;
  floorMap: FloorMapEntry[];
  screen = 'idle';
  settings: Record<string, unknown> = {};
  readonly versions = { settings: 0, identifiers: 0, schedules: 0 };
  readonly lists = { identifiers: new Map<string, SyncItem>(), schedules: new Map<string, SyncItem>() };
  /** A full list arriving in parts: kept apart until its last part, then it becomes the list. */
  readonly staged: Partial<Record<'identifiers' | 'schedules', { version: number; items: Map<string, SyncItem> }>> = {};
  readonly alarms = new Map<string, AlarmSensor>();
  readonly backlog = new Backlog();
  /**
   * Ids of the requests this device acted on, oldest first (the last EXECUTED_MAX): a request
   * repeated with the same id is answered from `answered` and not recorded again, so a test can
   * check that nothing was done twice.
   */
  readonly executed: string[] = [];

  private client: MqttClient | null = null;
  private wantOnline = false;
  private boot = Date.now();
  private seq = 0;
  private startedAt = Date.now();
  private nextHeartbeat = 0;
  private nextResend = 0;
  private flushQueued = false;
  private readonly answered = new Map<string, { response: DeviceResponse; at: number }>();
  private readonly ownTicker: boolean;
  private readonly ticker: Ticker;
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.serial = options.serial;
    this.profile = KINDS[options.kind];
    this.ip = options.ip ?? '127.0.0.1';
    this.heartbeatMs = (options.heartbeatS ?? 30) * 1000;
    this.rebootDelayMs = options.rebootDelayMs ?? 1000;
    this.floorMap = options.floorMap ?? [];
    this.ownTicker = !options.ticker;
    this.ticker = options.ticker ?? new Ticker(Math.min(1000, options.resendMs ?? 1000));
  }

  /** Connected to the broker now. */
  get connected(): boolean {
    return this.client?.connected === true;
  }

  /**
   * Connects; resolves once connected and subscribed, rejects when the broker refuses the
   * credentials. A network failure is retried (every `reconnectMs`), as a real device would.
   */
  start(): Promise<void> {
    this.ticker.add(this);
    return this.reconnect();
  }

  /** Leaves cleanly (status `shutdown`) and stops. */
  async stop(): Promise<void> {
    this.wantOnline = false;
    this.ticker.remove(this);
    if (this.ownTicker) this.ticker.stop();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('stopped'));
    await this.leave('shutdown');
  }

  /** The network goes away: the socket drops without DISCONNECT, so the broker sends the will. */
  dropConnection(): void {
    this.wantOnline = false;
    const client = this.client;
    this.client = null;
    client?.stream?.destroy();
    client?.end(true);
  }

  /** The network is back: resolves once connected (rejects when the credentials are refused). */
  reconnect(): Promise<void> {
    this.wantOnline = true;
    const connected = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.connect();
    return connected;
  }

  /** Says it goes offline, leaves, and comes back after `delayMs` as a new boot. */
  async reboot(delayMs = this.rebootDelayMs): Promise<void> {
    this.wantOnline = false;
    await this.leave('reboot');
    this.boot++;
    this.seq = 0;
    this.startedAt = Date.now();
    this.screen = 'idle';
    setTimeout(() => {
      this.wantOnline = true;
      this.connect();
    }, delayMs).unref();
  }

  /** Resolves when the device is connected (now or later). */
  online(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  resetLists(): void {
    this.lists.identifiers.clear();
    this.lists.schedules.clear();
    delete this.staged.identifiers;
    delete this.staged.schedules;
    this.versions.identifiers = 0;
    this.versions.schedules = 0;
  }

  applySettings(settings: Record<string, unknown>, version: number): void {
    this.settings = settings;
    this.versions.settings = version;
    this.publishStatus();
  }

  /** What init answers and discovery tells. */
  describe() {
    return {
      serial: this.serial,
      type: this.profile.type,
      model: this.profile.model,
      firmware: FIRMWARE,
      relays: this.profile.relays,
      floors: this.floorMap.map((entry) => entry.floor),
    };
  }

  status(): DeviceStatus {
    return {
      online: true,
      at: new Date().toISOString(),
      type: this.profile.type,
      model: this.profile.model,
      firmware: FIRMWARE,
      ip: this.ip,
      uptime_s: Math.floor((Date.now() - this.startedAt) / 1000),
      relays: this.profile.relays,
      backlog: this.backlog.size,
      versions: { ...this.versions },
      alarms: [...this.alarms].map(([alarm_id, sensor]) => ({ alarm_id, sensor })),
      screen: this.screen,
    };
  }

  publishStatus(): void {
    if (!this.connected) return;
    this.nextHeartbeat = Date.now() + this.heartbeatMs;
    this.client?.publish(topicOf(this.serial, 'status'), JSON.stringify(this.status()), { qos: 1, retain: true });
  }

  /** Records an event (with its id and the device's time) and sends it when connected. */
  emit(type: DeviceEventType, data: Record<string, unknown>): DeviceEvent {
    const event: DeviceEvent = {
      id: `${this.serial}-${this.boot.toString(36)}-${++this.seq}`,
      at: new Date().toISOString(),
      type,
      data,
    };
    const droppedBefore = this.backlog.dropped;
    this.backlog.add(event);
    if (this.backlog.dropped > droppedBefore) {
      this.backlog.add({
        id: `${this.serial}-${this.boot.toString(36)}-${++this.seq}`,
        at: event.at,
        type: 'backlog.dropped',
        data: { count: this.backlog.dropped },
      });
    }
    if (this.connected && !this.flushQueued) {
      // Events of one turn of the loop leave as one batch.
      this.flushQueued = true;
      setImmediate(() => {
        this.flushQueued = false;
        this.send(0, Date.now());
      });
    }
    return event;
  }

  /**
   * Someone presents an identifier at a relay: decided here, from the synced lists. `at` is the
   * door's clock (a test asks what the door would decide at another time without waiting for it).
   */
  present(identifier: string, relay = 1, at: Date = new Date()): AccessDecision {
    const decision = this.decide(identifier, relay, at);
    const key = decision.key === undefined ? {} : { key: decision.key };
    if (decision.granted) {
      this.emit('identifier.used', { identifier, relay, ...key });
      this.emit('door.opened', { relay, reason: 'identifier' });
    } else this.emit('access.denied', { identifier, relay, reason: decision.reason, ...key });
    return outcome(decision);
  }

  /** The plate camera reads a plate; a granted one opens the barrier (relay 1). */
  readPlate(plate: string): AccessDecision {
    const decision = this.decide(plate, 1);
    const key = decision.key === undefined ? {} : { key: decision.key };
    this.emit(
      'plate.read',
      decision.granted ? { plate, granted: true, ...key } : { plate, granted: false, reason: decision.reason, ...key },
    );
    if (decision.granted) this.emit('barrier.opened', { plate });
    return outcome(decision);
  }

  /** A lift call made at the controller (an identifier at the lift's reader). */
  callLift(floor: number, identifier?: string): AccessDecision {
    if (!this.floorMap.some((entry) => entry.floor === floor)) return { granted: false, reason: 'floor_not_mapped' };
    const decision: AccessDecision = identifier === undefined ? { granted: true } : this.decide(identifier, floor);
    const key = decision.key === undefined ? {} : { key: decision.key };
    if (decision.granted) this.emit('lift.called', { floor, source: 'identifier', identifier, ...key });
    else this.emit('access.denied', { identifier, floor, reason: decision.reason, ...key });
    return outcome(decision);
  }

  pressButton(button: number): void {
    this.emit('button.pressed', { button });
  }

  /** A sensor goes off: returns the new alarm's id. */
  raiseAlarm(sensor: AlarmSensor): string {
    const alarmId = `${this.serial}-alarm-${this.boot.toString(36)}-${++this.seq}`;
    this.alarms.set(alarmId, sensor);
    this.emit('alarm.raised', { alarm_id: alarmId, sensor });
    this.publishStatus();
    return alarmId;
  }

  clearAlarm(alarmId: string): boolean {
    const sensor = this.alarms.get(alarmId);
    if (!sensor) return false;
    this.alarms.delete(alarmId);
    this.emit('alarm.cleared', { alarm_id: alarmId, sensor });
    this.publishStatus();
    return true;
  }

  tick(now: number): void {
    if (!this.connected) return;
    if (now >= this.nextHeartbeat) this.publishStatus();
    if (now >= this.nextResend) {
      this.nextResend = now + (this.options.resendMs ?? 10_000);
      if (this.backlog.size > 0) this.send(now - (this.options.resendMs ?? 10_000), now);
    }
    if (this.answered.size > 0) {
      for (const [id, entry] of this.answered) if (now - entry.at > ANSWERED_KEEP_MS) this.answered.delete(id);
    }
  }

  private decide(identifier: string, relay: number, at: Date = new Date()): AccessDecision {
    return (this.options.decide ?? decideFromLists)({
      identifier,
      relay,
      at,
      identifiers: this.lists.identifiers,
      schedules: this.lists.schedules,
    });
  }

  /** Publishes backlog events last sent at or before `before`, in batches. */
  private send(before: number, now: number): void {
    const client = this.client;
    if (!client?.connected) return;
    for (;;) {
      const events = this.backlog.due(before, now, EVENT_BATCH);
      if (events.length === 0) return;
      client.publish(topicOf(this.serial, 'event'), JSON.stringify({ events }), { qos: 1 });
      if (events.length < EVENT_BATCH) return;
    }
  }

  private connect(): void {
    const client = mqtt.connect(this.options.url, {
      clientId: this.serial,
      username: this.serial,
      password: this.options.password,
      clean: true,
      keepalive: this.options.keepaliveS ?? 60,
      reconnectPeriod: 0, // reconnects are ours: a reboot or an outage decides when
      resubscribe: false,
      connectTimeout: 10_000,
      will: {
        topic: topicOf(this.serial, 'status'),
        payload: Buffer.from(JSON.stringify(LOST_STATUS)),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      client.subscribe([topicOf(this.serial, 'req'), topicOf(this.serial, 'ack')], { qos: 1 }, (error) => {
        if (error) return;
        this.publishStatus();
        // Spread a fleet's heartbeats over the period instead of all at once after a restart.
        this.nextHeartbeat = Date.now() + Math.random() * this.heartbeatMs;
        this.backlog.markUnsent();
        this.send(0, Date.now());
        this.nextResend = Date.now() + (this.options.resendMs ?? 10_000);
        for (const waiter of this.waiters.splice(0)) waiter.resolve();
      });
    });
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('error', (error: Error & { code?: unknown }) => {
      // A CONNACK refusal (4 bad credentials, 5 not authorised) is final; anything else is the network.
      if (typeof error.code !== 'number') return;
      this.wantOnline = false;
      for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    });
    client.on('close', () => {
      if (this.client !== client) return;
      if (this.wantOnline) {
        // Lost while we wanted to be online (broker restart, network): try again later.
        setTimeout(() => {
          if (this.client === client && this.wantOnline) this.connect();
        }, this.options.reconnectMs ?? 1000).unref();
      }
      client.end(true);
    });
  }

  private receive(topic: string, payload: Buffer): void {
    if (topic.endsWith('/ack')) {
      const ack = parsePayload(AckSchema, payload);
      if (ack) this.backlog.ack(ack.ids);
      return;
    }
    const request = parsePayload(RequestSchema, payload);
    if (!request) return;
    const seen = this.answered.get(request.id);
    if (seen) return void this.respond(seen.response); // delivered twice: answer again, act once
    const { response, after } = answer(this, request);
    this.answered.set(request.id, { response, at: Date.now() });
    if (this.answered.size > ANSWERED_MAX) this.answered.delete(this.answered.keys().next().value as string);
    this.executed.push(request.id);
    if (this.executed.length > EXECUTED_MAX) this.executed.shift();
    this.respond(response, after);
  }

  private respond(response: DeviceResponse, after?: () => void): void {
    this.client?.publish(topicOf(this.serial, 'res'), JSON.stringify(response), { qos: 1 }, () => after?.());
  }

  /** Says offline with a reason and disconnects cleanly (no will). */
  private async leave(reason: string): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected) {
      await client
        .publishAsync(topicOf(this.serial, 'status'), JSON.stringify({ online: false, reason }), {
          qos: 1,
          retain: true,
        })
        .catch(() => {});
    }
    await client.endAsync().catch(() => {});
  }
}

/** What a presentation answers its caller: the decision, without the matched key the event carries. */
function outcome(decision: AccessDecision): AccessDecision {
  return decision.granted ? { granted: true } : { granted: false, reason: decision.reason };
}
