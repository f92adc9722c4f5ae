import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Database } from '../db/schema';
import { nowIso } from '../domain/clock';
import { loadNodemailer } from '../lazy-packages';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The text part. */
  body: string;
  /** The HTML part (composed mail has one: server/domain/mail/compose.ts). */
  html?: string | null;
  kind: string;
  projectId: number | null;
}

/** How a project's mail leaves (project settings over MAIL_MODE and SMTP_*). */
export interface MailRoute extends MailConfig {
  /** `none`: STARTTLS when the relay offers it; `starttls`: required; `ssl`: TLS from the start. */
  encryption?: 'none' | 'starttls' | 'ssl';
  fromName?: string | null;
}

/** The route of a project's mail (null: mail of no project). */
export type MailRouter = (projectId: number | null) => Promise<MailRoute>;

/** What one delivery did: `kept` (mode none), `sent`, or `failed` with the relay's words. */
export interface Delivery {
  id: number;
  status: 'kept' | 'sent' | 'failed';
  error: string | null;
}

/** Outbox rows written by one statement of `sendMany` (8 values each, well under both dialects' limits). */
const OUTBOX_CHUNK = 500;

/**
 * Sends mail through nodemailer. Every message is written to the outbox first;
 * in mode `none` it stays there (status `kept`), in mode `smtp` it is sent and
 * marked `sent` or `failed` with the error. A failed send never fails the call
 * that caused it: the outbox shows what did not go out. The mode, relay and
 * sender are the project's (its mail settings, the environment by default):
 * `route` answers them per message, and transports are kept per relay.
 */
export function createMailer(db: Kysely<Database>, route: MailRouter | MailConfig) {
  const routeOf: MailRouter = typeof route === 'function' ? route : async () => route;
  // nodemailer loads with the first message sent, not at start-up.
  const transports = new Map<string, Promise<Transporter>>();
  const transportFor = (r: MailRoute) => {
    const encryption = r.encryption ?? (r.secure ? 'ssl' : 'none');
    const key = JSON.stringify([r.host, r.port, encryption, r.user, r.password]);
    let transport = transports.get(key);
    if (!transport) {
      transport = loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({
          host: r.host,
          port: r.port,
          secure: encryption === 'ssl',
          requireTLS: encryption === 'starttls',
          auth: r.user ? { user: r.user, pass: r.password ?? '' } : undefined,
          // Loopback and private relays often use self-signed certificates for STARTTLS.
          tls: { rejectUnauthorized: false },
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
        }),
      );
      transports.set(key, transport);
    }
    return transport;
  };
  const fromOf = (r: MailRoute) => (r.fromName ? { name: r.fromName, address: r.from } : r.from);

  const row = (mail: OutgoingMail, smtp: boolean, now: string) => ({
    project_id: mail.projectId,
    to_address: mail.to,
    subject: mail.subject,
    body: mail.body,
    html: mail.html ?? null,
    kind: mail.kind,
    status: smtp ? 'queued' : 'kept',
    created_at: now,
  });

  /** Writes the outbox row, then sends it when the project's mode is smtp; answers what happened. */
  async function deliverNow(mail: OutgoingMail): Promise<Delivery> {
    const r = await routeOf(mail.projectId);
    const smtp = r.mode === 'smtp';
    const { id } = await db
      .insertInto('outbox')
      .values(row(mail, smtp, nowIso()))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!smtp) return { id, status: 'kept', error: null };
    return deliver(id, mail, r);
  }

  async function send(mail: OutgoingMail): Promise<void> {
    await deliverNow(mail);
  }

  async function deliver(id: number, mail: OutgoingMail, r: MailRoute): Promise<Delivery> {
    try {
      await (await transportFor(r)).sendMail({
        from: fromOf(r),
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
      });
      await db.updateTable('outbox').set({ status: 'sent', sent_at: nowIso() }).where('id', '=', id).execute();
      return { id, status: 'sent', error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.updateTable('outbox').set({ status: 'failed', error: message }).where('id', '=', id).execute();
      return { id, status: 'failed', error: message };
    }
  }

  /**
   * Many messages at once (the invitations of an import): their outbox rows go in by
   * multi-row inserts, one transaction each chunk, instead of one commit per message;
   * then, in mode `smtp`, each is sent as `send` does. Answers the indexes (in `mails`)
   * of the messages that could not be written to the outbox.
   */
  async function sendMany(mails: OutgoingMail[]): Promise<number[]> {
    const unwritten: number[] = [];
    const written: { id: number; mail: OutgoingMail; route: MailRoute }[] = [];
    const now = nowIso();
    const routes = new Map<number | null, MailRoute>();
    for (const mail of mails)
      if (!routes.has(mail.projectId)) routes.set(mail.projectId, await routeOf(mail.projectId));
    for (let i = 0; i < mails.length; i += OUTBOX_CHUNK) {
      const chunk = mails.slice(i, i + OUTBOX_CHUNK);
      try {
        const rows = await db
          .insertInto('outbox')
          .values(chunk.map((mail) => row(mail, routes.get(mail.projectId)?.mode === 'smtp', now)))
          .returning('id')
          .execute();
        // RETURNING promises no order, but ids are drawn in VALUES order (SQLite rowids,
        // a serial's nextval row by row); they only mark what SMTP did with each message.
        const ids = rows.map((r) => r.id).sort((a, b) => a - b);
        for (const [k, mail] of chunk.entries()) {
          written.push({ id: ids[k]!, mail, route: routes.get(mail.projectId) as MailRoute });
        }
      } catch {
        for (let k = 0; k < chunk.length; k++) unwritten.push(i + k);
      }
    }
    for (const { id, mail, route: r } of written) if (r.mode === 'smtp') await deliver(id, mail, r);
    return unwritten;
  }

  /**
   * Sends a message already in the outbox again (a retry from queue management, through the
   * mail sender worker): `sent`, or `failed` with the relay's words; when its project's mode is
   * `none` it is `kept`.
   */
  async function deliverStored(id: number): Promise<void> {
    const stored = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!stored) return;
    const r = await routeOf(stored.project_id);
    if (r.mode !== 'smtp') {
      await db.updateTable('outbox').set({ status: 'kept' }).where('id', '=', id).execute();
      return;
    }
    await deliver(
      id,
      {
        to: stored.to_address,
        subject: stored.subject,
        body: stored.body,
        html: stored.html,
        kind: stored.kind,
        projectId: stored.project_id,
      },
      r,
    );
  }

  return {
    send,
    sendMany,
    deliverStored,
    /** One message, answering what became of it (the mail test shows the relay's error). */
    deliverNow,
    close: async () => {
      const all = [...transports.values()];
      transports.clear();
      for (const transport of all) (await transport).close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
