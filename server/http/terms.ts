import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../src/contract/constants';

/** The terms fragments, read once at start-up (they change only with a release). */
function loadTerms(): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, readFileSync(new URL(`../content/terms/${lang}.html`, import.meta.url), 'utf8')]),
  ) as Record<Language, string>;
}

/**
 * GET /terms/{locale}.html (7.2): an HTML fragment the console sanitises and
 * shows. An unknown locale gets English, the fallback language, rather than a 404.
 */
export async function termsRoutes(app: FastifyInstance) {
  const terms = loadTerms();
  app.get<{ Params: { locale: string } }>(
    '/terms/:locale.html',
    { config: { auth: false } },
    async (request, reply) => {
      const locale = (LANGUAGES as readonly string[]).includes(request.params.locale)
        ? (request.params.locale as Language)
        : DEFAULT_LANGUAGE;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-language', locale)
        .send(terms[locale]);
    },
  );
}
