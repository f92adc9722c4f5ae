import type { DeviceEvent } from '../../mqtt/protocol';

/**
 * A device's events until the server acks them (docs/device-protocol.md, Events): kept in order,
 * removed by id on ack, bounded (the oldest go first, and the device says how many).
 */

export const BACKLOG_LIMIT = 10_000;

export class Backlog {
  /** Insertion-ordered: replay keeps the device's order. Value: when it was last sent (0: never). */
  private readonly events = new Map<string, { event: DeviceEvent; sentAt: number }>();
  dropped = 0;

  constructor(private readonly limit = BACKLOG_LIMIT) {}

  get size(): number {
    return this.events.size;
  }

  add(event: DeviceEvent): void {
    this.events.set(event.id, { event, sentAt: 0 });
    while (this.events.size > this.limit) {
      const oldest = this.events.keys().next().value as string;
      this.events.delete(oldest);
      this.dropped++;
    }
  }

  ack(ids: readonly string[]): void {
    for (const id of ids) this.events.delete(id);
  }

  /** Events not sent since `before` (all unsent ones with before = now), marked sent at `now`. */
  due(before: number, now: number, max: number): DeviceEvent[] {
    const out: DeviceEvent[] = [];
    for (const entry of this.events.values()) {
      if (out.length >= max) break;
      if (entry.sentAt > before) continue;
      entry.sentAt = now;
      out.push(entry.event);
    }
    return out;
  }

  /** After a reconnect everything counts as unsent. */
  markUnsent(): void {
    for (const entry of this.events.values()) entry.sentAt = 0;
  }
}
