import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { DEVICE_PUBLISHES, DEVICE_SUBSCRIBES, TOPIC_PREFIX, topicOf } from './topics';

/**
 * Mosquitto's dynamic security plugin, driven over MQTT (MQTT_DYNSEC with MQTT_URL): the server's
 * credential is the plugin's admin, and Gatehouse keeps one client per device (login = serial,
 * password = its MQTT password) with a role of its own giving it its own topics only, and a role
 * for the server with the whole protocol. Mosquitto 2.0.11 (Debian's) has no `%u` in dynamic
 * ACLs, so each device's role names its topics literally.
 * https://mosquitto.org/documentation/dynamic-security/
 */

const COMMAND_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${COMMAND_TOPIC}/response`;
/** Commands per message: one message per device change, a few for a fleet's first sync. */
const BATCH = 200;
const TIMEOUT_MS = 15_000;

export type DynsecCommand = { command: string } & Record<string, unknown>;
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

/** Device clients Gatehouse made carry this text name: others on the broker are not ours to touch. */
export const DEVICE_TEXTNAME = 'gatehouse device';
export const SERVER_ROLE = 'gatehouse-server';
export const deviceRole = (serial: string) => `gatehouse-device-${serial}`;

/** The server's role: everything of the protocol. */
export const serverRoleCommand: DynsecCommand = {
  command: 'createRole',
  rolename: SERVER_ROLE,
  acls: [
    { acltype: 'publishClientSend', topic: `${TOPIC_PREFIX}/#`, allow: true, priority: 0 },
    { acltype: 'subscribePattern', topic: `${TOPIC_PREFIX}/#`, allow: true, priority: 0 },
  ],
};

/** A device's role (its own topics) and client. */
export function addDeviceCommands(serial: string, password: string): DynsecCommand[] {
  return [
    {
      command: 'createRole',
      rolename: deviceRole(serial),
      acls: [
        ...DEVICE_PUBLISHES.map((c) => ({ acltype: 'publishClientSend', topic: topicOf(serial, c), allow: true })),
        ...DEVICE_SUBSCRIBES.map((c) => ({ acltype: 'subscribeLiteral', topic: topicOf(serial, c), allow: true })),
      ],
    },
    {
      command: 'createClient',
      username: serial,
      password,
      textname: DEVICE_TEXTNAME,
      roles: [{ rolename: deviceRole(serial), priority: 0 }],
    },
  ];
}

export const setPasswordCommand = (serial: string, password: string): DynsecCommand => ({
  command: 'setClientPassword',
  username: serial,
  password,
});

export function removeDeviceCommands(serial: string): DynsecCommand[] {
  return [
    { command: 'deleteClient', username: serial },
    { command: 'deleteRole', rolename: deviceRole(serial) },
  ];
}

export interface Dynsec {
  /** Runs commands in order; answers each command's response (errors included, not thrown). */
  run(commands: DynsecCommand[], timeoutMs?: number): Promise<DynsecResponse[]>;
  close(): Promise<void>;
}

/**
 * An admin connection to the plugin at `url` (with the admin's `user:password@`). Made at once:
 * while the broker is away, commands wait in MQTT.js's queue and a batch not answered in time
 * fails (the caller tries again).
 */
export function connectDynsec(url: string, connect: mqtt.IClientOptions = {}): Dynsec {
  const parsed = new URL(url);
  const client: MqttClient = mqtt.connect(url, {
    clientId: `gatehouse-dynsec-${randomBytes(4).toString('hex')}`,
    username: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
    clean: true,
    reconnectPeriod: 1000,
    ...connect,
  });
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let responses: (DynsecResponse & { correlationData?: string })[] = [];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: typeof responses }).responses ?? [];
    } catch {
      return;
    }
    const id = responses[0]?.correlationData?.split(':')[0];
    if (id) waiting.get(id)?.(responses);
  });
  // Commands wait for the response subscription of the current connection (a clean session
  // needs it on every connect), or a command sent first would have its answer go nowhere.
  let subscribed!: Promise<void>;
  let markSubscribed: () => void = () => {};
  const unsubscribed = () => {
    subscribed = new Promise((resolve) => {
      markSubscribed = resolve;
    });
  };
  unsubscribed();
  client.on('connect', () =>
    client.subscribe(RESPONSE_TOPIC, { qos: 1 }, (error) => {
      if (!error) markSubscribed();
    }),
  );
  client.on('close', unsubscribed);

  async function runBatch(commands: DynsecCommand[], timeoutMs: number): Promise<DynsecResponse[]> {
    const id = randomBytes(6).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscribed,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('dynamic security not reachable')), TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    const answered = new Promise<DynsecResponse[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('dynamic security did not answer'));
      }, timeoutMs);
      waiting.set(id, (responses) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(responses);
      });
    });
    const tagged = commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` }));
    await client.publishAsync(COMMAND_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    return answered;
  }

  return {
    async run(commands, timeoutMs = TIMEOUT_MS) {
      const out: DynsecResponse[] = [];
      for (let i = 0; i < commands.length; i += BATCH)
        out.push(...(await runBatch(commands.slice(i, i + BATCH), timeoutMs)));
      return out;
    },
    async close() {
      await client.endAsync();
    },
  };
}
