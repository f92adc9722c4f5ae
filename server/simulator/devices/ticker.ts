/**
 * One timer for many devices: heartbeats, resends and housekeeping of a whole fleet run from a
 * single interval instead of a timer per device (thousands of devices in benches).
 */

export interface Tickable {
  tick(now: number): void;
}

export class Ticker {
  private readonly members = new Set<Tickable>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly everyMs = 1000) {}

  add(member: Tickable): void {
    this.members.add(member);
    if (!this.timer) {
      this.timer = setInterval(() => {
        const now = Date.now();
        for (const m of this.members) m.tick(now);
      }, this.everyMs);
      this.timer.unref();
    }
  }

  remove(member: Tickable): void {
    this.members.delete(member);
    if (this.members.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
