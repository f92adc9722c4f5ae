/**
 * The bare baseline of bench/users-list.bench.ts: Fastify and better-sqlite3 with nothing
 * else (no auth, no scope, no schemas), answering the users list of one project in the shape
 * of Gatehouse's list rows — plain `SELECT … ORDER BY name LIMIT/OFFSET` plus `COUNT(*)` (users
 * first, so the page walks the name index), and
 * one query each for the page's groups and markers — on the same database file and rows.
 *
 * GET /users?page=&size=&role=&group=&q=   (role, group: ids; q: contains, on name, e-mail, login)
 * Run by the bench (argv: database file, project id); prints `listening <port>` when ready.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const [file, project] = process.argv.slice(2);
if (!file || !project) throw new Error('usage: users-list-server.ts <sqlite file> <project id>');
const projectId = Number(project);
const db = new Database(file, { readonly: true });
db.pragma('journal_mode = WAL');

interface Row {
  id: number;
  login: string;
  name: string;
  email: string | null;
  avatar_url: string | null;
  activated_at: string | null;
  role_id: number;
  role_name: string;
}

function where(query: { role?: string; group?: string; q?: string }) {
  const parts = ['ms.project_id = ?', 'u.deleted_at is null'];
  const args: (string | number)[] = [projectId];
  if (query.role) {
    parts.push('ms.role_id = ?');
    args.push(Number(query.role));
  }
  if (query.group) {
    parts.push('exists (select 1 from user_domains g where g.user_id = u.id and g.domain_id = ?)');
    args.push(Number(query.group));
  }
  if (query.q) {
    const like = `%${query.q.toLowerCase()}%`;
    parts.push('(lower(u.name) like ? or lower(u.email) like ? or lower(u.login) like ?)');
    args.push(like, like, like);
  }
  return { sql: parts.join(' and '), args };
}

const app = Fastify({ logger: false });
app.get('/users', async (request) => {
  const query = request.query as { page?: string; size?: string; role?: string; group?: string; q?: string };
  const page = Math.max(1, Number(query.page ?? 1));
  const size = Math.min(500, Math.max(1, Number(query.size ?? 20)));
  const w = where(query);
  // CROSS JOIN: users drive, so the page walks the name index (an inner join lets SQLite start
  // from the memberships and sort them all, which would make this baseline needlessly slow).
  const from = 'from users u cross join memberships ms on ms.user_id = u.id';
  const { total } = db.prepare(`select count(*) as total ${from} where ${w.sql}`).get(...w.args) as { total: number };
  const rows = db
    .prepare(
      `select u.id, u.login, u.name, u.email, u.avatar_url, u.activated_at, r.id as role_id, r.name as role_name
       ${from} join roles r on r.id = ms.role_id where ${w.sql} order by u.name, u.id limit ? offset ?`,
    )
    .all(...w.args, size, (page - 1) * size) as Row[];
  const ids = rows.map((r) => r.id);
  const marks = ids.map(() => '?').join(',') || 'null';
  const groups = db
    .prepare(
      `select ud.user_id, d.id, d.name from user_domains ud join domains d on d.id = ud.domain_id
       where ud.user_id in (${marks}) order by d.lft`,
    )
    .all(...ids) as { user_id: number; id: number; name: string }[];
  const markers = db
    .prepare(
      `select um.user_id, m.id, m.name, m.color from user_markers um join markers m on m.id = um.marker_id
       where um.user_id in (${marks}) order by m.name`,
    )
    .all(...ids) as { user_id: number; id: number; name: string; color: string }[];
  const byUser = <T extends { user_id: number }>(list: T[]) => {
    const map = new Map<number, Omit<T, 'user_id'>[]>();
    for (const { user_id, ...rest } of list) {
      const entry = map.get(user_id);
      if (entry) entry.push(rest);
      else map.set(user_id, [rest]);
    }
    return map;
  };
  const groupsOf = byUser(groups);
  const markersOf = byUser(markers);
  return {
    data: rows.map((r) => ({
      id: r.id,
      login: r.login,
      name: r.name,
      email: r.email,
      avatar_url: r.avatar_url,
      activated_at: r.activated_at,
      role: { id: r.role_id, name: r.role_name },
      domains: groupsOf.get(r.id) ?? [],
      markers: markersOf.get(r.id) ?? [],
    })),
    meta: { page, size, total },
  };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
