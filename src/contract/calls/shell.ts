import * as v from 'valibot';
import { defineCalls, envelope, member, OPTIONAL_AUTH, PUBLIC } from '../call';
import {
  CountrySchema,
  HomeCountsSchema,
  InfoSchema,
  ResourcesMetaSchema,
  ServerSettingsSchema,
} from '../entities/server-settings';

/** The console shell's calls around login (7.2), the dashboard and the realtime socket (system information: calls/system.ts). */
export const SHELL_CALLS = defineCalls({
  'GET /frontend/server/settings': { access: OPTIONAL_AUTH, response: envelope(ServerSettingsSchema) },
  'GET /frontend/resources/meta': { access: PUBLIC, response: envelope(ResourcesMetaSchema) },
  'GET /countries': { access: PUBLIC, response: envelope(v.array(CountrySchema)) },
  'GET /info': { access: PUBLIC, response: envelope(InfoSchema) },
  // An HTML fragment per locale; an unknown locale gets English.
  'GET /terms/{locale}.html': {
    access: PUBLIC,
    params: v.object({ locale: v.pipe(v.string(), v.regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)) }),
    file: 'html',
    response: v.string(),
  },
  'GET /home/counts': {
    access: member('every logged-in user has a home page (6.4); the counts cover only what the caller may see'),
    response: envelope(HomeCountsSchema),
  },
  // The upgrade is open; the hub checks `access_token` before anything is delivered and authorises each topic.
  'GET /ws': {
    access: PUBLIC,
    socket: true,
    query: v.object({ access_token: v.optional(v.pipe(v.string(), v.maxLength(4096))) }),
    response: v.never(),
  },
});
