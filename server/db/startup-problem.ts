/**
 * Why the database could not be opened at start-up, in one line naming the
 * cause and what to do, instead of a driver's stack trace. Covers what people
 * meet on PostgreSQL: the server not running or not reachable, a wrong password,
 * a missing database, a role without rights on the schema. Anything else
 * answers null and is reported as it is.
 */
export function databaseStartupProblem(error: unknown, databaseUrl: string | null): string | null {
  if (!databaseUrl) return null;
  const { role, database, server } = describeUrl(databaseUrl);
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    switch (code) {
      case 'ECONNREFUSED':
      case 'ENOENT':
        return `PostgreSQL is not running at ${server} (connection refused): start it, or correct the host and port in DATABASE_URL.`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `PostgreSQL host of DATABASE_URL (${server}) is unknown: correct the host name in DATABASE_URL.`;
      case 'ETIMEDOUT':
        return `PostgreSQL at ${server} does not answer (timed out): check that it runs and that a firewall lets this machine in.`;
      case '28P01':
        return `PostgreSQL refused the password of role "${role}": correct the password in DATABASE_URL.`;
      case '28000':
        return `PostgreSQL refused role "${role}" (${message(cause)}): correct the user in DATABASE_URL, or allow it in pg_hba.conf.`;
      case '3D000':
        return `PostgreSQL database "${database}" does not exist: create it (createdb -O ${role} ${database}), or correct the database name in DATABASE_URL.`;
      case '42501':
        if (/extension/i.test(message(cause))) {
          return `PostgreSQL role "${role}" may not create an extension in database "${database}" (${message(cause)}): have a superuser run it there once, see README "PostgreSQL".`;
        }
        return `PostgreSQL role "${role}" lacks a right in database "${database}" (${message(cause)}): grant it CREATE on the schema (GRANT CREATE ON SCHEMA public TO ${role}), see README "PostgreSQL".`;
      case '57P03':
        return `PostgreSQL at ${server} is starting up or shutting down: start Gatehouse again once it accepts connections.`;
    }
  }
  return null;
}

/** The error and its causes (migrations wrap the driver's error). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && !found.includes(current)) {
    found.push(current);
    // AggregateError: a host name resolving to several addresses, every one refused.
    for (const inner of (current as { errors?: unknown[] }).errors ?? []) found.push(inner);
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Role, database and server of a postgres:// URL, never its password. */
function describeUrl(url: string): { role: string; database: string; server: string } {
  try {
    const parsed = new URL(url);
    const socketDir = parsed.searchParams.get('host');
    const role = decodeURIComponent(parsed.username) || process.env.PGUSER || process.env.USER || 'postgres';
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || role;
    const port = parsed.port || parsed.searchParams.get('port') || '5432';
    const server = socketDir?.startsWith('/')
      ? `socket ${socketDir} port ${port}`
      : `${parsed.hostname || 'localhost'}:${port}`;
    return { role, database, server };
  } catch {
    return { role: '?', database: '?', server: 'DATABASE_URL' };
  }
}
