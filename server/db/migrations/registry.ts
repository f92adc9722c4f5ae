import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';

/**
 * Every migration, by name. Kysely applies them in name order, so names start
 * with a zero-padded number. One set serves both dialects.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
};
