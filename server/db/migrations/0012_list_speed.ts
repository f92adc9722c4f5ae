import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../dialects';
import { LIST_VERSION_TABLES, USERS_SEARCH_TABLE } from '../list-index-names';

/**
 * What makes lists fast at 100k rows (docs/decisions.md, Lists):
 * - `lower(login)` and `lower(email)` indexes: the uniqueness checks of every user write
 *   (and each row of a structure import) are lookups, not scans; the live users as a
 *   partial index, so a count reads a narrow index;
 * - the name search of users through an index: SQLite an FTS5 table with the trigram
 *   tokenizer kept in sync by triggers, PostgreSQL `pg_trgm` GIN indexes on the lowered
 *   columns (without the extension, the search stays a scan, with a warning);
 * - `list_versions`: one counter per table that triggers bump on every write, so a cached
 *   list total is known to be current by one primary-key read, on every server node.
 */
export const listSpeed: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = dialectOf(db) === 'postgres';
    await sql`create index users_lower_login_idx on users (lower(login))`.execute(db);
    await sql`create index users_lower_email_idx on users (lower(email))`.execute(db);
    // The live accounts as a narrow index: counting a project's members never reads whole user rows.
    await sql`create index users_live_idx on users (id) where deleted_at is null`.execute(db);

    await db.schema
      .createTable('list_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const table of LIST_VERSION_TABLES) {
      await sql`insert into list_versions (name, version) values (${table}, 0)`.execute(db);
    }

    if (postgres) {
      await sql`create function bump_list_version() returns trigger language plpgsql as $$
        begin
          update list_versions set version = version + 1 where name = TG_TABLE_NAME;
          return null;
        end $$`.execute(db);
      for (const table of LIST_VERSION_TABLES) {
        await sql`create trigger ${sql.raw(`${table}_list_version`)} after insert or update or delete or truncate
          on ${sql.table(table)} for each statement execute function bump_list_version()`.execute(db);
      }
      // The extension needs CREATE on the database (or a superuser, or a trusted extension
      // installed by one); the migration goes on without it and search stays a scan.
      await sql`savepoint list_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const column of ['name', 'email', 'login']) {
          await sql`create index ${sql.raw(`users_${column}_trgm_idx`)} on users
            using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
        }
        await sql`release savepoint list_trgm`.execute(db);
      } catch (error) {
        await sql`rollback to savepoint list_trgm`.execute(db);
        console.warn(
          `pg_trgm is not available (${error instanceof Error ? error.message : String(error)}): ` +
            'the users name search scans the table; a superuser can run CREATE EXTENSION pg_trgm',
        );
      }
      return;
    }

    for (const table of LIST_VERSION_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_list_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update list_versions set version = version + 1 where name = ${sql.lit(table)}; end`.execute(db);
      }
    }
    const search = sql.table(USERS_SEARCH_TABLE);
    await sql`create virtual table ${search} using fts5(name, email, login,
      content='users', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger users_search_insert after insert on users begin
      insert into ${search} (rowid, name, email, login) values (new.id, new.name, new.email, new.login); end`.execute(
      db,
    );
    await sql`create trigger users_search_delete after delete on users begin
      insert into ${search} (${search}, rowid, name, email, login) values ('delete', old.id, old.name, old.email, old.login); end`.execute(
      db,
    );
    await sql`create trigger users_search_update after update of name, email, login on users begin
      insert into ${search} (${search}, rowid, name, email, login) values ('delete', old.id, old.name, old.email, old.login);
      insert into ${search} (rowid, name, email, login) values (new.id, new.name, new.email, new.login); end`.execute(
      db,
    );
    await sql`insert into ${search} (${search}) values ('rebuild')`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    const postgres = dialectOf(db) === 'postgres';
    if (postgres) {
      for (const column of ['name', 'email', 'login']) {
        await sql`drop index if exists ${sql.raw(`users_${column}_trgm_idx`)}`.execute(db);
      }
      for (const table of LIST_VERSION_TABLES) {
        await sql`drop trigger if exists ${sql.raw(`${table}_list_version`)} on ${sql.table(table)}`.execute(db);
      }
      await sql`drop function if exists bump_list_version()`.execute(db);
    } else {
      for (const name of ['users_search_insert', 'users_search_delete', 'users_search_update']) {
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
      }
      await sql`drop table if exists ${sql.table(USERS_SEARCH_TABLE)}`.execute(db);
      for (const table of LIST_VERSION_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`drop trigger if exists ${sql.raw(`${table}_list_version_${event}`)}`.execute(db);
        }
      }
    }
    await db.schema.dropTable('list_versions').execute();
    await sql`drop index users_live_idx`.execute(db);
    await sql`drop index users_lower_email_idx`.execute(db);
    await sql`drop index users_lower_login_idx`.execute(db);
  },
};
