import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { AedesPacket } from 'aedes-packet';
import type MemoryPersistence from 'aedes-persistence/types/asyncPersistence';

/**
 * aedes' in-memory persistence, with retained messages found by topic for a subscription without
 * wildcards. The stock one tests every retained message against every subscription, and each
 * device subscribes to its own topics while every other device keeps a retained status: 10,000
 * devices reconnecting (a server restart) made 10,000 × 10,000 topic tests, a minute of CPU.
 * A device only ever subscribes to exact topics; wildcards (the server's) still take the scan.
 */

const require = createRequire(import.meta.url);
const Memory = require('aedes-persistence/asyncPersistence.js') as typeof MemoryPersistence;
const { CallBackPersistence } = require('aedes-persistence/callBackPersistence.js') as {
  CallBackPersistence: new (factory: () => MemoryPersistence) => unknown;
};

const hasWildcard = (pattern: string) => pattern.includes('+') || pattern.includes('#');

class RetainedByTopic extends Memory {
  readonly #byTopic = new Map<string, AedesPacket>();

  override async storeRetained(packet: AedesPacket): Promise<void> {
    await super.storeRetained(packet);
    const { topic, payload } = packet as AedesPacket & { topic: string; payload: Buffer | string };
    if (payload.length === 0) this.#byTopic.delete(topic);
    else this.#byTopic.set(topic, { ...packet });
  }

  override createRetainedStreamCombi(patterns: string[]): Readable {
    if (patterns.some(hasWildcard)) return super.createRetainedStreamCombi(patterns);
    return Readable.from(patterns.flatMap((topic) => this.#byTopic.get(topic) ?? []));
  }

  override createRetainedStream(pattern: string): Readable {
    if (hasWildcard(pattern)) return super.createRetainedStream(pattern);
    return Readable.from(this.#byTopic.has(pattern) ? [this.#byTopic.get(pattern)] : []);
  }
}

/** The persistence for `Aedes.createBroker({ persistence })`. */
export function retainedByTopicPersistence(): unknown {
  return new CallBackPersistence(() => new RetainedByTopic());
}
