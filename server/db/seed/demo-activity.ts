import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { insertMany } from './builders';
import { CONVERSATION_SCRIPTS, HANDOVER } from './demo-conversations';
import { DEMO_SEED, type Estate, type EstatePerson } from './demo-estate';
import { daysBefore } from './demo-people';
import { createPrng, type Prng, uuidFrom } from './prng';

type Trx = Transaction<Database>;

/**
 * What happened in the residence before the seed: conversations with the desk,
 * announces (two of them polls with answers) and two weeks of calls. Content
 * comes from the seeded generator; times are relative to `now` (the seed's
 * time), so the history always looks recent. Announce tokens stay random: a
 * token opens the announce for its recipient.
 */
export interface ActivitySeed {
  projectId: number;
  adminId: number;
  now: Date;
  estate: Estate;
  /** User ids by login: the named demo users and the generated ones. */
  users: Record<string, number>;
  /** Group ids by path ("Riverside Residence/Building A/Entrance 2"). */
  groupPaths: Record<string, number>;
  root: string;
  numbers: {
    staff: string;
    concierge: string;
    concierge2: string;
    masterA: string;
    panelA: string;
  };
}

export async function seedActivity(trx: Trx, seed: ActivitySeed): Promise<void> {
  const rng = createPrng(DEMO_SEED + 1);
  await seedConversations(trx, seed, rng);
  await seedAnnounces(trx, seed, rng);
  await seedCallHistory(trx, seed, rng);
}

const MINUTE = 1 / 1440;

async function seedConversations(trx: Trx, seed: ActivitySeed, rng: Prng): Promise<void> {
  const { now, users } = seed;
  const writers = rng.sample(seed.estate.residents, CONVERSATION_SCRIPTS.length);
  interface Planned {
    subject: string;
    creator: number;
    participants: { id: number; readAll: boolean }[];
    messages: { user: number; body: string; days: number }[];
  }
  const planned: Planned[] = CONVERSATION_SCRIPTS.map((script, i) => {
    const resident = users[writers[i]!.login]!;
    const desk = users[script.desk]!;
    // Oldest first, a day or so apart; the last two are from today and yesterday.
    let days = (CONVERSATION_SCRIPTS.length - i) * 1.1 + rng.next() * 0.5;
    const messages = script.lines.map((line) => {
      days -= rng.int(3, 90) * MINUTE;
      return { user: line.from === 'desk' ? desk : resident, body: line.body, days };
    });
    const last = script.lines[script.lines.length - 1]!.from;
    // The newest ones are still unread by whoever did not write last.
    const fresh = i >= CONVERSATION_SCRIPTS.length - 3;
    return {
      subject: script.subject,
      creator: script.opener === 'desk' ? desk : resident,
      participants: [
        { id: desk, readAll: !fresh || last === 'desk' },
        { id: resident, readAll: !fresh || last === 'resident' },
      ],
      messages,
    };
  });
  const night = users[seed.estate.concierges[0]!.login]!;
  const from = users[HANDOVER.from]!;
  let handoverDays = 0.4;
  planned.push({
    subject: HANDOVER.subject,
    creator: from,
    participants: [
      { id: from, readAll: true },
      { id: night, readAll: true },
    ],
    messages: HANDOVER.lines.map((body, i) => {
      handoverDays -= rng.int(5, 40) * MINUTE;
      return { user: i % 2 === 0 ? from : night, body, days: handoverDays };
    }),
  });

  await insertMany(
    trx,
    'conversations',
    planned.map((c) => ({
      project_id: seed.projectId,
      subject: c.subject,
      created_by_user_id: c.creator,
      created_at: daysBefore(now, c.messages[0]!.days),
      updated_at: daysBefore(now, c.messages[c.messages.length - 1]!.days),
    })),
  );
  const ids = new Map(
    (
      await trx.selectFrom('conversations').select(['id', 'subject']).where('project_id', '=', seed.projectId).execute()
    ).map((r) => [r.subject, r.id]),
  );
  await insertMany(
    trx,
    'conversation_participants',
    planned.flatMap((c) => {
      const lastRead = (userId: number, readAll: boolean) => {
        // Read up to the last message, or up to the participant's own last message.
        const mine = c.messages.filter((m) => readAll || m.user === userId);
        const seen = mine[mine.length - 1];
        return seen ? daysBefore(now, seen.days) : null;
      };
      return c.participants.map((p) => ({
        conversation_id: ids.get(c.subject)!,
        user_id: p.id,
        last_read_at: lastRead(p.id, p.readAll),
      }));
    }),
  );
  await insertMany(
    trx,
    'conversation_messages',
    planned.flatMap((c) =>
      c.messages.map((m) => ({
        conversation_id: ids.get(c.subject)!,
        user_id: m.user,
        body: m.body,
        created_at: daysBefore(now, m.days),
      })),
    ),
  );
}

interface AnnouncePlan {
  name: string;
  subject: string;
  body: string;
  type: 'info' | 'poll';
  status: 'new' | 'started' | 'stopped';
  sendVia: 'email' | 'push';
  author: string;
  /** Group paths below the root. */
  groups: string[];
  questions?: string[];
  multi?: boolean;
  custom?: string[];
  startedDaysAgo?: number;
  stoppedDaysAgo?: number;
}

const ANNOUNCES: AnnouncePlan[] = [
  {
    name: 'Water shut-off, Building B',
    subject: 'Water shut-off on Tuesday, 9:00 to 13:00',
    body: 'The water supply of Building B will be shut off on Tuesday from 9:00 to 13:00 while the main valve is replaced. Please keep some water at hand.',
    type: 'info',
    status: 'stopped',
    sendVia: 'email',
    author: 'staff',
    groups: ['Building B'],
    startedDaysAgo: 9,
    stoppedDaysAgo: 6,
  },
  {
    name: 'Fitness room opening hours',
    subject: 'When would you use the fitness room?',
    body: 'We are reviewing the opening hours of the fitness room. Tick every time slot that suits you.',
    type: 'poll',
    status: 'stopped',
    sendVia: 'push',
    author: 'admin',
    groups: ['Building C', 'Building B/Entrance 1'],
    questions: ['Early mornings (6–8)', 'Lunchtime (12–14)', 'Evenings (18–22)', 'Weekends'],
    multi: true,
    startedDaysAgo: 13,
    stoppedDaysAgo: 8,
  },
  {
    name: 'Courtyard renovation',
    subject: 'Courtyard renovation: which design do you prefer?',
    body: 'The courtyard will be renovated this spring. The residents’ board has shortlisted three options; vote for one or suggest your own.',
    type: 'poll',
    status: 'started',
    sendVia: 'push',
    author: 'admin',
    groups: ['Building B', 'Building C'],
    questions: ['Play area for children', 'Garden with benches', 'Keep it as it is'],
    multi: false,
    custom: ['More bicycle racks, please', 'Benches and a small playground together', 'Better lighting at night'],
    startedDaysAgo: 4,
  },
  {
    name: 'Elevator maintenance, Entrance 2',
    subject: 'Elevator out of service on Thursday morning',
    body: 'The elevator of Entrance 2 of Building A will be serviced on Thursday from 8:00 to 11:00. Sorry for the inconvenience.',
    type: 'info',
    status: 'started',
    sendVia: 'push',
    author: 'staff',
    groups: ['Building A/Entrance 2'],
    startedDaysAgo: 2,
  },
  {
    name: 'Summer barbecue',
    subject: 'Summer barbecue in the courtyard',
    body: 'Join your neighbours for a barbecue in the courtyard on the last Saturday of June from 16:00. Drinks are on the board!',
    type: 'info',
    status: 'new',
    sendVia: 'email',
    author: 'admin',
    groups: [''],
  },
];

async function seedAnnounces(trx: Trx, seed: ActivitySeed, rng: Prng): Promise<void> {
  const { now, users, estate } = seed;
  const unitPaths = new Map<string, string[]>(
    estate.units.map((u) => [u.name, [u.building, `${u.building}/Entrance ${u.entrance}`]]),
  );
  const reaches = (person: EstatePerson, groups: string[]) => {
    const within = unitPaths.get(person.group) ?? [];
    return groups.some((g) => g === '' || within.includes(g));
  };
  const created = (a: AnnouncePlan) => daysBefore(now, (a.startedDaysAgo ?? 1) + 0.2);
  await insertMany(
    trx,
    'announces',
    ANNOUNCES.map((a) => ({
      project_id: seed.projectId,
      name: a.name,
      description: null,
      subject: a.subject,
      type: a.type,
      status: a.status,
      type_info: JSON.stringify({
        questions: a.questions ?? [],
        poll_multi_answers_allowed: a.multi ?? false,
        poll_user_answer_allowed: (a.custom?.length ?? 0) > 0,
      }),
      send_via: a.sendVia,
      body: a.body,
      use_owner_info: 1 as const,
      execute_at: null,
      started_at: a.startedDaysAgo === undefined ? null : daysBefore(now, a.startedDaysAgo),
      stopped_at: a.stoppedDaysAgo === undefined ? null : daysBefore(now, a.stoppedDaysAgo),
      created_by_user_id: users[a.author]!,
      created_at: created(a),
      updated_at: daysBefore(now, a.stoppedDaysAgo ?? a.startedDaysAgo ?? 1),
    })),
  );
  const ids = new Map(
    (await trx.selectFrom('announces').select(['id', 'name']).where('project_id', '=', seed.projectId).execute()).map(
      (r) => [r.name, r.id],
    ),
  );
  const groupId = (path: string) => {
    const id = seed.groupPaths[path === '' ? seed.root : `${seed.root}/${path}`];
    if (id === undefined) throw new Error(`demo: no group ${path}`);
    return id;
  };
  await insertMany(
    trx,
    'announce_domains',
    ANNOUNCES.flatMap((a) => a.groups.map((g) => ({ announce_id: ids.get(a.name)!, domain_id: groupId(g) }))),
  );

  const rows = ANNOUNCES.flatMap((a) => {
    if (a.startedDaysAgo === undefined) return [];
    const delivered = a.startedDaysAgo;
    return estate.residents
      .filter((p) => reaches(p, a.groups))
      .map((p) => {
        const viewed = rng.chance(0.8);
        const answered = a.type === 'poll' && viewed && rng.chance(0.7);
        const viewedDays = delivered - rng.int(5, 1800) * MINUTE;
        let answers: number[] = [];
        let custom: string | null = null;
        if (answered) {
          const count = a.questions!.length;
          if (a.custom && rng.chance(0.12)) custom = rng.pick(a.custom);
          else if (a.multi) answers = rng.sample([...Array(count).keys()], rng.int(1, 2)).sort();
          // Most residents like the garden: a believable, not a uniform, result.
          else answers = [rng.pick([0, 1, 1, 1, 2])];
        }
        return {
          announce_id: ids.get(a.name)!,
          user_id: users[p.login]!,
          token: randomBytes(16).toString('hex'),
          delivered_at: daysBefore(now, delivered),
          viewed_at: viewed ? daysBefore(now, viewedDays) : null,
          answers: answered ? JSON.stringify(answers) : null,
          custom_answer: custom,
          answered_at: answered ? daysBefore(now, viewedDays - rng.int(1, 30) * MINUTE) : null,
        };
      });
  });
  await insertMany(trx, 'announce_recipients', rows);
}

type CallStatus = 'answered' | 'cancel' | 'busy' | 'noanswer' | 'failed';

interface PlannedCall {
  from: string;
  to: string;
  fromUser: string | null;
  toUser: string | null;
  answeredBy: string | null;
  status: CallStatus;
  type: 'normal' | 'awaiting';
  sos: boolean;
  duration: number;
  /** Days before the seed. */
  days: number;
}

/** Hours of the day calls happen at, daytime weighted. */
const HOURS = [0, 2, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12, 12, 13, 14, 15, 16, 17, 17, 18, 18, 19, 19, 20, 21, 22];

/**
 * Two weeks of calls before the first demo's four calls of the day before:
 * visitors at the door panels waiting for the desk, residents calling the desk
 * and each other, the desk calling residents about parcels and visitors.
 */
function planCalls(seed: ActivitySeed, rng: Prng): PlannedCall[] {
  const { estate, numbers } = seed;
  const residents = estate.residents.filter((r) => r.sipNumber !== null);
  const [night, weekend] = estate.concierges;
  const masters = new Map(estate.buildings.map((b) => [b.name, b.master ?? numbers.masterA]));
  const panels = [
    { number: numbers.panelA, group: 'Building A' },
    ...estate.panels.map((p) => ({ number: p.number, group: p.group })),
  ];
  const calls: PlannedCall[] = [];
  // The day before is the first demo's four calls; these start the day before that (UTC days).
  const sinceMidnight = (seed.now.getTime() % 86_400_000) / 86_400_000;
  for (let day = 2; day <= 15; day++) {
    const weekendDay = day % 7 === 3 || day % 7 === 4;
    const perDay = rng.int(14, 24);
    for (let i = 0; i < perDay; i++) {
      const hour = rng.pick(HOURS);
      const days = day + sinceMidnight - (hour * 60 + rng.int(0, 59)) * MINUTE - rng.int(0, 59) / 86_400;
      const onDuty = hour < 7 || hour >= 22 ? night! : weekendDay ? weekend! : null;
      const desk = onDuty
        ? { login: onDuty.login, number: onDuty.sipNumber! }
        : day % 2 === 0
          ? { login: 'concierge', number: numbers.concierge }
          : { login: 'concierge2', number: numbers.concierge2 };
      const resident = rng.pick(residents);
      const roll = rng.next();
      const talk = (min: number, max: number) => rng.int(min, max);
      if (roll < 0.4) {
        // A visitor at a door panel: an awaiting call on the building's master number.
        const panel = rng.pick(panels);
        const status: CallStatus = rng.pick(['answered', 'answered', 'answered', 'answered', 'cancel', 'noanswer']);
        calls.push({
          from: panel.number,
          to: masters.get(panel.group) ?? desk.number,
          fromUser: null,
          toUser: null,
          answeredBy: status === 'answered' ? desk.number : null,
          status,
          type: masters.has(panel.group) ? 'awaiting' : 'normal',
          sos: status === 'answered' && rng.chance(0.02),
          duration: status === 'answered' ? talk(8, 75) : 0,
          days,
        });
      } else if (roll < 0.65) {
        const status: CallStatus = rng.pick(['answered', 'answered', 'answered', 'noanswer', 'busy']);
        calls.push({
          from: resident.sipNumber!,
          to: desk.number,
          fromUser: resident.login,
          toUser: desk.login,
          answeredBy: status === 'answered' ? desk.number : null,
          status,
          type: 'normal',
          sos: false,
          duration: status === 'answered' ? talk(20, 300) : 0,
          days,
        });
      } else if (roll < 0.85) {
        const status: CallStatus = rng.pick(['answered', 'answered', 'noanswer', 'noanswer', 'busy', 'cancel']);
        calls.push({
          from: desk.number,
          to: resident.sipNumber!,
          fromUser: desk.login,
          toUser: resident.login,
          answeredBy: status === 'answered' ? resident.sipNumber : null,
          status,
          type: 'normal',
          sos: false,
          duration: status === 'answered' ? talk(10, 120) : 0,
          days,
        });
      } else {
        // Neighbours: mostly within the same building.
        const sameBuilding = residents.filter((r) => r !== resident && r.sipNumber![1] === resident.sipNumber![1]);
        const other = rng.pick(sameBuilding.length > 0 ? sameBuilding : residents.filter((r) => r !== resident));
        const status: CallStatus = rng.pick(['answered', 'answered', 'answered', 'noanswer', 'busy', 'failed']);
        calls.push({
          from: resident.sipNumber!,
          to: other.sipNumber!,
          fromUser: resident.login,
          toUser: other.login,
          answeredBy: status === 'answered' ? other.sipNumber : null,
          status,
          type: 'normal',
          sos: false,
          duration: status === 'answered' ? talk(15, 900) : 0,
          days,
        });
      }
    }
  }
  // Oldest first, so ids grow with time.
  return calls.sort((a, b) => b.days - a.days);
}

async function seedCallHistory(trx: Trx, seed: ActivitySeed, rng: Prng): Promise<void> {
  const { now, users } = seed;
  const at = (days: number, plusSeconds = 0) =>
    new Date(now.getTime() - days * 86_400_000 + plusSeconds * 1000).toISOString();
  await insertMany(
    trx,
    'call_history',
    planCalls(seed, rng).map((c) => {
      // Ringing before an answer, or before giving up.
      const ring = c.status === 'answered' ? rng.int(3, 15) : rng.int(5, 30);
      return {
        project_id: seed.projectId,
        speech_id: uuidFrom(rng),
        from_number: c.from,
        to_number: c.to,
        from_user_id: c.fromUser ? users[c.fromUser]! : null,
        to_user_id: c.toUser ? users[c.toUser]! : null,
        answered_by: c.answeredBy,
        status: c.status,
        type: c.type,
        is_sos: c.sos ? (1 as const) : (0 as const),
        duration: c.duration,
        started_at: at(c.days),
        answered_at: c.status === 'answered' ? at(c.days, ring) : null,
        ended_at: at(c.days, ring + c.duration),
        created_at: at(c.days),
      };
    }),
  );
}
