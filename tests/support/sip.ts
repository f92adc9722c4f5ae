import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { DEMO_PROJECTS } from '../../server/db/seed/demo';
import type { Clock } from '../../server/domain/clock';
import type { MediaFactory } from '../../server/sip/b2bua/media';
import { createStubMedia } from '../../server/sip/b2bua/stub-media';
import { SipUserAgent } from '../../server/sip/ua/user-agent';
import { buildTestApp, SMALL_DEMO, type TestApp } from './api-app';

/** A test app with the SIP server listening on 127.0.0.1, any free port. */
export interface SipTestApp extends TestApp {
  port: number;
  domain: string;
  projectId: number;
  /** Registers nothing: opens a user agent for a number of the fixture. */
  agent(number: string, password?: string): Promise<SipUserAgent>;
  /** Opens a user agent and registers it (fails the test unless 200). */
  registered(number: string): Promise<SipUserAgent>;
}

/** The numbers every SIP test starts with (password = `Pw${number}x`). */
export const NUMBERS = {
  resident: '1001',
  concierge: '1002',
  staff: '1003',
  /** A concierge number (purpose `concierge`): calls to it are queued. */
  desk: '1900',
  /** The door panel's number (device "Main entrance"). */
  panel: '1500',
  /** Exists but inactive. */
  inactive: '1099',
} as const;
export const passwordOf = (number: string) => `Pw${number}x`;
export const DOOR_TOKEN = 'door-token-main';

/** An SDP offer good enough for signalling tests (the stub media answers any audio offer). */
export const OFFER =
  'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP 0\r\n';
export const ANSWER =
  'v=0\r\no=- 2 2 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 4002 RTP/AVP 0\r\n';

async function insertNumbers(db: Kysely<Database>, projectId: number) {
  const now = new Date().toISOString();
  // The SIP tests build their own telephony world: the demo seed's numbers and panel would be found first.
  await db.deleteFrom('sip_numbers').execute();
  await db.deleteFrom('devices').execute();
  const userId = async (login: string) =>
    (await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const unit = await db
    .selectFrom('domains')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', 'Unit 101')
    .executeTakeFirstOrThrow();
  const device = await db
    .insertInto('devices')
    .values({ project_id: projectId, name: 'Main entrance', token: DOOR_TOKEN, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = [
    { number: NUMBERS.resident, name: 'Rita', user_id: await userId('resident'), domain_id: unit.id },
    { number: NUMBERS.concierge, name: 'Cora', user_id: await userId('concierge') },
    { number: NUMBERS.staff, name: 'Sam', user_id: await userId('staff') },
    { number: NUMBERS.desk, name: 'Concierge desk', purpose: 'concierge' },
    { number: NUMBERS.panel, name: 'Main entrance panel', device_id: device.id },
    { number: NUMBERS.inactive, name: 'Old', is_active: 0 as const },
  ];
  for (const row of rows) {
    await db
      .insertInto('sip_numbers')
      .values({ project_id: projectId, password: passwordOf(row.number), created_at: now, updated_at: now, ...row })
      .execute();
  }
}

/** Builds the app, adds the fixture numbers and starts SIP on a random port. */
export async function buildSipTestApp(
  dialect: TestApp['dialect'] = 'sqlite',
  options: { media?: MediaFactory; clock?: Clock } = {},
): Promise<SipTestApp> {
  const t = await buildTestApp(dialect, {
    // Its own telephony world on the first demo's small one (api-app.ts SMALL_DEMO).
    env: { ...SMALL_DEMO.env, SIP_PROXY_HOST: '127.0.0.1', SIP_PORT: '0' },
    media: options.media ?? createStubMedia,
    clock: options.clock,
  });
  const project = await t.db
    .selectFrom('projects')
    .select('id')
    .where('name', '=', DEMO_PROJECTS.residence)
    .executeTakeFirstOrThrow();
  await insertNumbers(t.db, project.id);
  const port = await t.app.ctx.sip.start({ host: '127.0.0.1', port: 0 });
  const domain = t.app.ctx.sip.domain;
  const agent = (number: string, password = passwordOf(number)) =>
    SipUserAgent.connect({ url: `wss://127.0.0.1:${port}`, domain, number, password });
  return {
    ...t,
    port,
    domain,
    projectId: project.id,
    agent,
    async registered(number) {
      const ua = await agent(number);
      const res = await ua.register();
      if (res.status !== 200) throw new Error(`${number} REGISTER answered ${res.status}`);
      return ua;
    },
  };
}

export { eventually } from './eventually';
