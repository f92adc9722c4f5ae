import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The mail the e2e server "sent": with MAIL_MODE none (its default) every
 * message stays in the outbox table of its embedded database, which the test
 * reads directly, like an administrator reading the outbox.
 */
export function lastMailTo(address: string): { subject: string; body: string } {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dir, 'gatehouse.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select subject, body from outbox where to_address = ? order by id desc limit 1')
      .get(address) as { subject: string; body: string } | undefined;
    if (!row) throw new Error(`no mail to ${address}`);
    return row;
  } finally {
    db.close();
  }
}

/** The path of the first console link in a mail body (e.g. /registration/abc…). */
export function linkPath(body: string, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, '\\/')}/[A-Za-z0-9_-]+)`).exec(body);
  if (!match?.[1]) throw new Error(`no ${prefix} link in: ${body}`);
  return match[1];
}
