/**
 * The template engine of mail (docs/decisions.md, Project settings and mail):
 * a template is text. `{{name}}` is replaced by a value, `{{#name}}…{{/name}}`
 * keeps its text when the value is not empty and `{{^name}}…{{/name}}` when it
 * is; nothing else is evaluated, and a value is never read as a template
 * (substitution is one pass). The HTML part is made from the result: every
 * character escaped, blank lines making paragraphs, web addresses links, inside
 * the white label's frame. So neither a template nor a value can add markup.
 */

/** Values of a mail: text; empty means "not there" for sections. */
export type MailValues = Record<string, string>;

/** The frame of the HTML part: the white label, or the product. */
export interface MailBrand {
  name: string;
  /** An absolute URL of the logo image, or null. */
  logo_url: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The HTML of the body alone (its paragraphs), for previews inside the console. */
  content: string;
}

const SECTION = /\{\{\s*([#^])\s*([A-Za-z_]\w*)\s*\}\}([\s\S]*?)\{\{\s*\/\s*\2\s*\}\}/g;
const VALUE = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/** Sections first (innermost content is handled again), then values in one pass. */
export function fillTemplate(template: string, values: MailValues): string {
  const sections = (text: string, depth: number): string =>
    depth > 8
      ? text
      : text.replace(SECTION, (_, kind: string, name: string, inner: string) => {
          const present = (values[name] ?? '').trim() !== '';
          return (kind === '#') === present ? sections(inner, depth + 1) : '';
        });
  return sections(template, 0).replace(VALUE, (_, name: string) => values[name] ?? '');
}

/** `&`, `<`, `>`, quotes: safe in text and in attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** One escaped paragraph: lines kept, addresses made links. */
function paragraphHtml(paragraph: string): string {
  return escapeHtml(paragraph)
    .replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\r?\n/g, '<br>');
}

/** Text with empty lines squeezed (sections that vanished leave no holes) and a final newline. */
function tidy(text: string): string {
  return `${text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

const STYLE = [
  'body{margin:0;padding:24px;background:#f4f5f7;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933}',
  '.mail{max-width:600px;margin:0 auto;background:#fff;border:1px solid #e1e4e8;border-radius:8px}',
  '.brand{padding:16px 24px;border-bottom:1px solid #e1e4e8;font-weight:600}',
  '.brand img{max-height:48px;vertical-align:middle;margin-right:12px}',
  '.content{padding:16px 24px}',
  '.footer{padding:12px 24px;border-top:1px solid #e1e4e8;color:#616e7c;font-size:13px}',
  'a{color:#1d4ed8}',
].join('');

/** The white label's lines under a mail: address, e-mail, phone (those given). */
export const brandLines = (brand: MailBrand): string[] =>
  [brand.address, brand.email, brand.phone].filter((x): x is string => Boolean(x?.trim()));

/** Renders a template (subject and body) with its values into the subject, text and HTML of a mail. */
export function renderMail(template: { subject: string; body: string }, values: MailValues, brand: MailBrand) {
  const subject = fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim().slice(0, 255);
  const body = tidy(fillTemplate(template.body, values));
  const footer = brandLines(brand);
  const text = footer.length > 0 ? `${body}\n--\n${[brand.name, ...footer].join('\n')}\n` : body;
  const paragraphs = body
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${paragraphHtml(p)}</p>`)
    .join('\n');
  const logo = brand.logo_url ? `<img src="${escapeHtml(brand.logo_url)}" alt="">` : '';
  const html = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body><div class="mail">',
    `<div class="brand">${logo}${escapeHtml(brand.name)}</div>`,
    `<div class="content">\n${paragraphs}\n</div>`,
    footer.length > 0 ? `<div class="footer">${footer.map(escapeHtml).join(' · ')}</div>` : '',
    '</div></body></html>',
  ].join('');
  return { subject, text, html, content: paragraphs } satisfies RenderedMail;
}
