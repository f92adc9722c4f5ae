import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Database } from '../db/schema';
import { nowIso } from '../domain/clock';
import { loadNodemailer } from '../lazy-packages';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  projectId: number | null;
}

/**
 * Sends mail through nodemailer. Every message is written to the outbox first;
 * in mode `none` it stays there (status `kept`), in mode `smtp` it is sent and
 * marked `sent` or `failed` with the error. A failed send never fails the call
 * that caused it: the outbox shows what did not go out.
 */
/** Outbox rows written by one statement of `sendMany` (7 values each, well under both dialects' limits). */
const OUTBOX_CHUNK = 500;

export function createMailer(db: Kysely<Database>, config: MailConfig) {
  const smtp = config.mode === 'smtp';
  // nodemailer loads with the first message sent, not at start-up.
  let transport: Promise<Transporter> | null = null;
  const openTransport = () => {
    transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        host: config.host,
        port: config.port,
        secure: config.secure,
        auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
        // Loopback and private relays often use self-signed certificates for STARTTLS.
        tls: { rejectUnauthorized: false },
      }),
    );
    return transport;
  };

  async function send(mail: OutgoingMail): Promise<void> {
    const { id } = await db
      .insertInto('outbox')
      .values({
        project_id: mail.projectId,
        to_address: mail.to,
        subject: mail.subject,
        body: mail.body,
        kind: mail.kind,
        status: smtp ? 'queued' : 'kept',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (smtp) await deliver(id, mail);
  }

  async function deliver(id: number, mail: OutgoingMail): Promise<void> {
    try {
      await (await openTransport()).sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
      });
      await db.updateTable('outbox').set({ status: 'sent', sent_at: nowIso() }).where('id', '=', id).execute();
    } catch (error) {
      await db
        .updateTable('outbox')
        .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
        .where('id', '=', id)
        .execute();
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
    const written: { id: number; mail: OutgoingMail }[] = [];
    const now = nowIso();
    for (let i = 0; i < mails.length; i += OUTBOX_CHUNK) {
      const chunk = mails.slice(i, i + OUTBOX_CHUNK);
      try {
        const rows = await db
          .insertInto('outbox')
          .values(
            chunk.map((mail) => ({
              project_id: mail.projectId,
              to_address: mail.to,
              subject: mail.subject,
              body: mail.body,
              kind: mail.kind,
              status: smtp ? 'queued' : 'kept',
              created_at: now,
            })),
          )
          .returning('id')
          .execute();
        // RETURNING promises no order, but ids are drawn in VALUES order (SQLite rowids,
        // a serial's nextval row by row); they only mark what SMTP did with each message.
        const ids = rows.map((r) => r.id).sort((a, b) => a - b);
        for (const [k, mail] of chunk.entries()) written.push({ id: ids[k]!, mail });
      } catch {
        for (let k = 0; k < chunk.length; k++) unwritten.push(i + k);
      }
    }
    if (smtp) for (const { id, mail } of written) await deliver(id, mail);
    return unwritten;
  }

  /**
   * Sends a message already in the outbox again (a retry from queue management, through the
   * mail sender worker): `sent`, or `failed` with the relay's words; in mode `none` it is `kept`.
   */
  async function deliverStored(id: number): Promise<void> {
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return;
    if (!smtp) {
      await db.updateTable('outbox').set({ status: 'kept' }).where('id', '=', id).execute();
      return;
    }
    await deliver(id, {
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      kind: row.kind,
      projectId: row.project_id,
    });
  }

  return { send, sendMany, deliverStored, close: async () => (await transport)?.close() };
}
export type Mailer = ReturnType<typeof createMailer>;
