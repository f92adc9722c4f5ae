import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../src/contract/constants';
import { registerCall } from '../plumbing/register-call';

/** The terms fragments, read once at start-up (they change only with a release). */
function loadTerms(): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, readFileSync(new URL(`../../content/terms/${lang}.html`, import.meta.url), 'utf8')]),
  ) as Record<Language, string>;
}

/**
 * GET /terms/{locale}.html (7.2): an HTML fragment the console sanitises and
 * shows. An unknown locale gets English, the fallback language, rather than a 404.
 */
export async function termsRoutes(app: FastifyInstance) {
  const terms = loadTerms();
  registerCall(app, 'GET /terms/{locale}.html', async ({ params }) => {
    const locale = (LANGUAGES as readonly string[]).includes(params.locale)
      ? (params.locale as Language)
      : DEFAULT_LANGUAGE;
    return { file: { contentType: 'text/html; charset=utf-8', data: terms[locale], language: locale } };
  });
}
