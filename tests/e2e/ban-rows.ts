import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * A ban put straight into the e2e server's database, as a sweep of failed SIP
 * registrations would leave it. Every request of the e2e browser comes from
 * 127.0.0.1 (TRUST_PROXY is off), so provoking a real ban would shut the
 * suite out; an unrelated documentation address is banned instead.
 */
export function insertBan(ban: { ip: string; service: 'sip' | 'http'; cause: string; minutes: number }): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { fileMustExist: true, timeout: 5_000 });
  try {
    const now = Date.now();
    db.prepare('delete from ip_bans where ip = ? and service = ?').run(ban.ip, ban.service);
    db.prepare('insert into ip_bans (ip, service, cause, level, banned_at, expires_at) values (?, ?, ?, 1, ?, ?)').run(
      ban.ip,
      ban.service,
      ban.cause,
      new Date(now).toISOString(),
      new Date(now + ban.minutes * 60_000).toISOString(),
    );
  } finally {
    db.close();
  }
}
