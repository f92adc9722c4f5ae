/**
 * Names the list-speed migration (0012) creates and the list code reads: kept in one place
 * so a migration never imports the code that uses it, nor the other way round.
 */

/** Tables whose writes bump their `list_versions` counter (cached list totals depend on them). */
export const LIST_VERSION_TABLES = [
  'users',
  'memberships',
  'user_domains',
  'user_markers',
  'domains',
  'roles',
] as const;
export type ListVersionTable = (typeof LIST_VERSION_TABLES)[number];

/** SQLite: the FTS5 trigram index of users' name, e-mail and login (rowid = users.id). */
export const USERS_SEARCH_TABLE = 'users_search';
