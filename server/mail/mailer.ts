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
    if (!smtp) return;
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

  return { send, close: async () => (await transport)?.close() };
}
export type Mailer = ReturnType<typeof createMailer>;
