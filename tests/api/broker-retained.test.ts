import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../server/mqtt/broker';

/**
 * Retained messages on the embedded broker (server/mqtt/retained-persistence.ts): a subscription
 * to an exact topic gets that topic's retained message by lookup, a wildcard one every match, a
 * retained message cleared with an empty payload is gone for both.
 */

const SERVER = { username: 'gatehouse-server', password: 'server-secret' };

describe('retained messages on the embedded broker', () => {
  const closing: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function setup(): Promise<{ broker: EmbeddedBroker; client: () => Promise<MqttClient> }> {
    const broker = await startEmbeddedBroker({ port: 0, authenticate: async () => null, server: SERVER });
    closing.push(() => broker.close());
    const url = `mqtt://127.0.0.1:${broker.listeners[0]?.port}`;
    let n = 0;
    const client = async () => {
      const c = await mqtt.connectAsync(url, { ...SERVER, clientId: `server-${n++}`, reconnectPeriod: 0 });
      closing.push(() => c.endAsync());
      return c;
    };
    return { broker, client };
  }

  /** What a fresh subscription to `filter` receives (retained only) within a short wait. */
  async function retainedFor(c: MqttClient, filter: string): Promise<string[]> {
    const got: string[] = [];
    c.on('message', (topic, payload, packet) => {
      if (packet.retain) got.push(`${topic}=${payload.toString()}`);
    });
    await c.subscribeAsync(filter, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    return got.sort();
  }

  it('an exact topic gets its own retained message and no other', async () => {
    const { client } = await setup();
    const publisher = await client();
    await publisher.publishAsync('gh/v0/A1/status', 'a', { qos: 1, retain: true });
    await publisher.publishAsync('gh/v0/B2/status', 'b', { qos: 1, retain: true });
    await publisher.publishAsync('gh/v0/A1/status', 'a2', { qos: 1, retain: true });
    expect(await retainedFor(await client(), 'gh/v0/A1/status')).toEqual(['gh/v0/A1/status=a2']);
    expect(await retainedFor(await client(), 'gh/v0/C3/status')).toEqual([]);
  });

  it('a wildcard gets every match', async () => {
    const { client } = await setup();
    const publisher = await client();
    await publisher.publishAsync('gh/v0/A1/status', 'a', { qos: 1, retain: true });
    await publisher.publishAsync('gh/v0/B2/status', 'b', { qos: 1, retain: true });
    await publisher.publishAsync('gh/v0/B2/other', 'x', { qos: 1, retain: true });
    expect(await retainedFor(await client(), 'gh/v0/+/status')).toEqual(['gh/v0/A1/status=a', 'gh/v0/B2/status=b']);
  });

  it('an empty retained message clears the topic for exact and wildcard subscriptions', async () => {
    const { client } = await setup();
    const publisher = await client();
    await publisher.publishAsync('gh/v0/A1/status', 'a', { qos: 1, retain: true });
    await publisher.publishAsync('gh/v0/A1/status', '', { qos: 1, retain: true });
    expect(await retainedFor(await client(), 'gh/v0/A1/status')).toEqual([]);
    expect(await retainedFor(await client(), 'gh/v0/#')).toEqual([]);
  });
});
