import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it
 * receives, so tests can read codes and links out of sent mail.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The next message to `address` (waits up to `ms`). */
  async function next(address: string, ms = 5_000): Promise<CapturedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = messages.findIndex((m) => m.to.includes(address));
      if (index >= 0) return messages.splice(index, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return { port, messages, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes quoted-printable soft breaks and escapes well enough to find links in a captured message. */
export function linkIn(raw: string, path: string): string {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return match[1];
}
