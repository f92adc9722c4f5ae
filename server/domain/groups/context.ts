import type { Kysely, Transaction } from 'kysely';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { invalidData, refused } from '../errors';
import type { GroupPlace } from './access';
import { checkSubtree, type RuleViolation, type SubtreeNode, violationError } from './rules';

/**
 * Reads the tree around a group for the hierarchy rules: the chain of types
 * above a place, a subtree in tree order, domain types, and the sibling check
 * of "same type and logical address exists".
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface PlacedGroup extends GroupPlace {
  parent_id: number | null;
  domain_type_id: number | null;
  type: string | null;
  logic_address: string | null;
  name: string;
}

export async function findGroup(db: Db, projectId: number, id: number): Promise<PlacedGroup | undefined> {
  return db
    .selectFrom('domains')
    .leftJoin('domain_types', 'domain_types.id', 'domains.domain_type_id')
    .select([
      'domains.id',
      'domains.lft',
      'domains.rgt',
      'domains.created_by_user_id',
      'domains.parent_id',
      'domains.domain_type_id',
      'domains.logic_address',
      'domains.name',
      'domain_types.type',
    ])
    .where('domains.project_id', '=', projectId)
    .where('domains.id', '=', id)
    .executeTakeFirst();
}

/** Type codes from the top of the tree down to `node` itself (empty for null: the top level). */
export async function chainTo(db: Db, projectId: number, node: GroupPlace | null): Promise<(string | null)[]> {
  if (node === null) return [];
  const rows = await db
    .selectFrom('domains')
    .leftJoin('domain_types', 'domain_types.id', 'domains.domain_type_id')
    .select(['domain_types.type'])
    .where('domains.project_id', '=', projectId)
    .where('domains.lft', '<=', node.lft)
    .where('domains.rgt', '>=', node.rgt)
    .orderBy('domains.lft')
    .execute();
  return rows.map((r) => r.type);
}

/** The subtree of a group in tree order with depths, for checkSubtree. */
export async function subtreeOf(db: Db, projectId: number, node: GroupPlace): Promise<SubtreeNode[]> {
  const rows = await db
    .selectFrom('domains')
    .leftJoin('domain_types', 'domain_types.id', 'domains.domain_type_id')
    .select(['domains.lft', 'domains.rgt', 'domain_types.type'])
    .where('domains.project_id', '=', projectId)
    .where('domains.lft', '>=', node.lft)
    .where('domains.rgt', '<=', node.rgt)
    .orderBy('domains.lft')
    .execute();
  const open: number[] = [];
  return rows.map((row) => {
    while (open.length > 0 && open[open.length - 1]! < row.lft) open.pop();
    const depth = open.length;
    open.push(row.rgt);
    return { type: row.type, depth };
  });
}

/** Throws the rule's error when the subtree does not fit below `chain`. */
export function assertFits(nodes: SubtreeNode[], chain: (string | null)[]): void {
  const violation: RuleViolation | null = checkSubtree(nodes, chain);
  if (violation) throw violationError(violation);
}

export interface DomainTypeRow {
  id: number;
  type: string;
  domain_id: number | null;
}

/** A domain type of the project, or a field error on `domain_type_id`. */
export async function requireDomainType(db: Db, projectId: number, id: number): Promise<DomainTypeRow> {
  const row = await db
    .selectFrom('domain_types')
    .select(['id', 'type', 'domain_id'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw invalidData({ domain_type_id: { code: 'invalid' } });
  return row;
}

/**
 * A type limited to a group's subtree (domain_types.domain_id) may only be used
 * at or below that group: `parent` is where the group goes, `self` the group itself.
 */
export async function assertTypeAllowedAt(
  db: Db,
  projectId: number,
  type: DomainTypeRow,
  parent: GroupPlace | null,
  self?: GroupPlace,
): Promise<void> {
  if (type.domain_id === null) return;
  if (self?.id === type.domain_id) return;
  const home = await db
    .selectFrom('domains')
    .select(['lft', 'rgt'])
    .where('project_id', '=', projectId)
    .where('id', '=', type.domain_id)
    .executeTakeFirst();
  if (!home || parent === null || parent.lft < home.lft || parent.rgt > home.rgt) {
    throw refused(ERROR_CODES.domainNotAllowed);
  }
}

/** 8.2 "same type and logical address exists": siblings may not share a type and an address. */
export async function assertAddressFree(
  db: Db,
  projectId: number,
  at: { parent_id: number | null; domain_type_id: number | null; logic_address: string | null },
  exceptId?: number,
): Promise<void> {
  if (at.logic_address === null || at.domain_type_id === null) return;
  let query = db
    .selectFrom('domains')
    .select('id')
    .where('project_id', '=', projectId)
    .where('domain_type_id', '=', at.domain_type_id)
    .where('logic_address', '=', at.logic_address)
    .where('parent_id', at.parent_id === null ? 'is' : '=', at.parent_id);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw refused(ERROR_CODES.sameTypeAndLogicAddress, { errors: { logic_address: { code: 'not_unique' } } });
  }
}
