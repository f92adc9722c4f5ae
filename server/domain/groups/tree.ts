import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, DomainRow } from '../../db/schema';
import { nowIso } from '../clock';
import { type NumberedNode, numberTree, type TreeNode } from './nested-set';

/**
 * Writes to the nested set of one project's groups. Every writer first locks
 * the project row (a no-op update: a row lock on PostgreSQL, the write lock on
 * SQLite), so two concurrent inserts or moves cannot interleave their shifts.
 * All functions expect to run inside a transaction.
 */
type Trx = Transaction<Database>;

export async function lockProjectTree(trx: Trx, projectId: number): Promise<void> {
  await trx.updateTable('projects').set({ updated_at: sql`updated_at` }).where('id', '=', projectId).execute();
}

/** The values of a new group besides its place in the tree. */
export interface NewGroupValues {
  name: string;
  description: string | null;
  domain_type_id: number | null;
  logic_address: string | null;
  settings?: string;
}

/** Opens a gap of `width` numbers at position `at` (everything at or after it moves right). */
async function openGap(trx: Trx, projectId: number, at: number, width: number): Promise<void> {
  await trx
    .updateTable('domains')
    .set({ rgt: sql`rgt + ${width}` })
    .where('project_id', '=', projectId)
    .where('rgt', '>=', at)
    .execute();
  await trx
    .updateTable('domains')
    .set({ lft: sql`lft + ${width}` })
    .where('project_id', '=', projectId)
    .where('lft', '>=', at)
    .execute();
}

/** Closes the gap left by `width` numbers that ended at `after` (everything after it moves left). */
async function closeGap(trx: Trx, projectId: number, after: number, width: number): Promise<void> {
  await trx
    .updateTable('domains')
    .set({ lft: sql`lft - ${width}` })
    .where('project_id', '=', projectId)
    .where('lft', '>', after)
    .execute();
  await trx
    .updateTable('domains')
    .set({ rgt: sql`rgt - ${width}` })
    .where('project_id', '=', projectId)
    .where('rgt', '>', after)
    .execute();
}

/** The number after the project's last group: where a new top-level group starts. */
async function endOfForest(trx: Trx | Kysely<Database>, projectId: number): Promise<number> {
  const row = await trx
    .selectFrom('domains')
    .select((eb) => eb.fn.max('rgt').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

async function boundsOf(trx: Trx, id: number): Promise<Pick<DomainRow, 'id' | 'lft' | 'rgt' | 'project_id'>> {
  return trx
    .selectFrom('domains')
    .select(['id', 'lft', 'rgt', 'project_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Inserts whole trees as the last children of `parentId` (or as top-level
 * groups), numbering them in one pass: one gap, then plain inserts.
 * Returns the new ids in tree order, with each tree's top first.
 */
export async function insertForest(
  trx: Trx,
  projectId: number,
  parentId: number | null,
  trees: TreeNode<NewGroupValues>[],
  createdBy: number | null,
): Promise<{ ids: number[]; topIds: number[] }> {
  const size = trees.reduce((n, tree) => n + countNodes(tree), 0);
  let start: number;
  if (parentId === null) {
    start = await endOfForest(trx, projectId);
  } else {
    const parent = await boundsOf(trx, parentId);
    start = parent.rgt;
    await openGap(trx, projectId, start, size * 2);
  }
  const ids: number[] = [];
  const topIds: number[] = [];
  const now = nowIso();
  for (const tree of trees) {
    const numbered: NumberedNode<NewGroupValues>[] = numberTree(tree, start);
    const local: number[] = [];
    for (const node of numbered) {
      const row = await trx
        .insertInto('domains')
        .values({
          project_id: projectId,
          parent_id: node.parentIndex === null ? parentId : (local[node.parentIndex] ?? null),
          name: node.value.name,
          description: node.value.description,
          domain_type_id: node.value.domain_type_id,
          logic_address: node.value.logic_address,
          settings: node.value.settings ?? '{}',
          lft: node.lft,
          rgt: node.rgt,
          created_by_user_id: createdBy,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      local.push(row.id);
    }
    ids.push(...local);
    topIds.push(local[0]!);
    start = numbered[0]!.rgt + 1;
  }
  return { ids, topIds };
}

export function countNodes<T>(tree: TreeNode<T>): number {
  return 1 + (tree.children ?? []).reduce((n, child) => n + countNodes(child), 0);
}

/**
 * Moves a group with its subtree to be the last child of `newParentId` (or a
 * top-level group). The caller has checked that the new parent is not inside
 * the subtree. The subtree is parked at negative numbers while the gaps move.
 */
export async function moveSubtree(trx: Trx, id: number, newParentId: number | null): Promise<void> {
  const node = await boundsOf(trx, id);
  const projectId = node.project_id;
  const width = node.rgt - node.lft + 1;
  await trx
    .updateTable('domains')
    .set({ lft: sql`0 - lft`, rgt: sql`0 - rgt` })
    .where('project_id', '=', projectId)
    .where('lft', '>=', node.lft)
    .where('rgt', '<=', node.rgt)
    .execute();
  await closeGap(trx, projectId, node.rgt, width);
  let target: number;
  if (newParentId === null) {
    target = await endOfForest(trx, projectId);
  } else {
    target = (await boundsOf(trx, newParentId)).rgt;
    await openGap(trx, projectId, target, width);
  }
  // A parked number -x becomes x - lft + target.
  const offset = target - node.lft;
  await trx
    .updateTable('domains')
    .set({ lft: sql`${offset} - lft`, rgt: sql`${offset} - rgt` })
    .where('project_id', '=', projectId)
    .where('lft', '<', 0)
    .execute();
  await trx.updateTable('domains').set({ parent_id: newParentId, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** Deletes a group with its whole subtree and closes the gap. */
export async function deleteSubtree(trx: Trx, id: number): Promise<number> {
  const node = await boundsOf(trx, id);
  await trx
    .deleteFrom('domains')
    .where('project_id', '=', node.project_id)
    .where('lft', '>=', node.lft)
    .where('rgt', '<=', node.rgt)
    .execute();
  const width = node.rgt - node.lft + 1;
  await closeGap(trx, node.project_id, node.rgt, width);
  // The subtree's size is in its bounds: SQLite's row count would miss the rows
  // the parent_id cascade removed before the statement reached them.
  return width / 2;
}
