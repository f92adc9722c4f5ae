/**
 * The e-mail of an announce sent by e-mail (send_via email): its subject, its
 * body, the author when the announce shows owner info, and the link to
 * /announce/:token (answer the poll, or read it in the console). Texts per
 * recipient locale, English by default.
 */
const TEXTS = {
  en: {
    poll: 'Answer the poll',
    info: 'Open it in Gatehouse',
    from: (name: string, email: string | null) => `From: ${name}${email ? ` <${email}>` : ''}`,
  },
  ru: {
    poll: 'Ответить на опрос',
    info: 'Открыть в Gatehouse',
    from: (name: string, email: string | null) => `От: ${name}${email ? ` <${email}>` : ''}`,
  },
} as const;

export function renderAnnounceMail(
  locale: string,
  announce: { subject: string; body: string; type: 'info' | 'poll' },
  link: string,
  owner: { name: string; email: string | null } | null,
): { subject: string; body: string } {
  const text = TEXTS[locale === 'ru' ? 'ru' : 'en'];
  const lines = [announce.body, ''];
  if (owner) lines.push(text.from(owner.name, owner.email), '');
  lines.push(`${announce.type === 'poll' ? text.poll : text.info}: ${link}`, '');
  return { subject: announce.subject, body: lines.join('\n') };
}
