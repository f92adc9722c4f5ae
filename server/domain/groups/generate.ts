import type { Kysely, Transaction } from 'kysely';
import {
  GENERATE_LIMITS,
  type GeneratedNode,
  type GeneratedTree,
  type GenerateRequest,
  type GenerateSave,
} from '../../../src/contract/entities/group-structure';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { invalidData, prohibited, refused } from '../errors';
import { canCreateUnder, type GroupAccess } from './access';
import { assertTypeAllowedAt, chainTo, type DomainTypeRow, type PlacedGroup } from './context';
import { lockTree, requireVisibleGroup } from './groups';
import type { TreeNode } from './nested-set';
import { checkSubtree, normaliseLogicAddress, type SubtreeNode, violationError } from './rules';
import { insertForest, type NewGroupValues } from './tree';

/**
 * The generate-groups dialog (2.5): a description (how many buildings,
 * entrances, floors and units, with name patterns and start numbers) becomes a
 * preview tree; the preview, possibly edited, is saved in one transaction.
 * Both steps run the same hierarchy and address checks as a single group.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Level = 'buildings' | 'entrances' | 'floors';
const LEVEL_TYPE: Record<Level | 'units', string> = {
  buildings: 'building',
  entrances: 'entrance',
  floors: 'floor',
  units: 'unit',
};

interface Numbers {
  building?: number;
  entrance?: number;
  floor?: number;
}

function fillPattern(pattern: string, n: number, numbers: Numbers): string {
  const filled = pattern
    .replaceAll('{n}', String(n))
    .replaceAll('{building}', numbers.building === undefined ? '' : String(numbers.building))
    .replaceAll('{entrance}', numbers.entrance === undefined ? '' : String(numbers.entrance))
    .replaceAll('{floor}', numbers.floor === undefined ? '' : String(numbers.floor))
    .trim();
  // A pattern of placeholders only, none of them filled, still gives a name.
  return filled === '' ? String(n) : filled;
}

/** How many groups the request would create: refused above GENERATE_LIMITS.total before building anything. */
export function generatedCount(request: GenerateRequest): number {
  let total = 0;
  let containers = 1;
  for (const level of ['buildings', 'entrances', 'floors'] as const) {
    const count = request[level]?.count ?? 0;
    if (count === 0) continue;
    containers *= count;
    total += containers;
  }
  return total + containers * (request.units?.count ?? 0);
}

/** Builds the preview tree from a request and the project's type ids by code. Pure. */
export function buildGeneratedTree(request: GenerateRequest, typeIds: Record<string, number>): GeneratedNode[] {
  const levels = (['buildings', 'entrances', 'floors'] as const).filter((l) => (request[l]?.count ?? 0) > 0);
  const units = request.units && request.units.count > 0 ? request.units : null;
  const hasFloors = levels.includes('floors');
  // Sequential unit numbers run straight through a building (or the whole parent without buildings).
  let sequential = units?.start ?? 1;
  const unitWidth = units && units.start + units.count - 1 >= 100 ? 1000 : 100;

  const node = (type: string, name: string, address: number, children?: GeneratedNode[]): GeneratedNode => ({
    name,
    domain_type_id: typeIds[type]!,
    type,
    logic_address: String(address),
    ...(children && children.length > 0 ? { children } : {}),
  });

  const makeUnits = (numbers: Numbers): GeneratedNode[] => {
    if (!units) return [];
    return Array.from({ length: units.count }, (_, i) => {
      const n =
        units.numbering === 'floor' && hasFloors && numbers.floor !== undefined
          ? numbers.floor * unitWidth + units.start + i
          : sequential++;
      return node('unit', fillPattern(units.name, n, numbers), n);
    });
  };

  const make = (depth: number, numbers: Numbers): GeneratedNode[] => {
    const level = levels[depth];
    if (!level) return makeUnits(numbers);
    const spec = request[level]!;
    return Array.from({ length: spec.count }, (_, i) => {
      const n = spec.start + i;
      const key = LEVEL_TYPE[level] as keyof Numbers;
      const inner = { ...numbers, [key]: n };
      if (level === 'buildings') sequential = units?.start ?? 1;
      return node(LEVEL_TYPE[level], fillPattern(spec.name, n, inner), n, make(depth + 1, inner));
    });
  };
  return make(0, {});
}

function countTree(nodes: readonly GeneratedNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countTree(node.children ?? []), 0);
}

/** Depth-first nodes of one generated tree, for checkSubtree. */
function flatten(node: GeneratedNode, types: Map<number, DomainTypeRow>, depth = 0): SubtreeNode[] {
  return [
    { type: types.get(node.domain_type_id)?.type ?? null, depth },
    ...(node.children ?? []).flatMap((c) => flatten(c, types, depth + 1)),
  ];
}

async function projectTypes(db: Db, projectId: number): Promise<Map<number, DomainTypeRow>> {
  const rows = await db
    .selectFrom('domain_types')
    .select(['id', 'type', 'domain_id'])
    .where('project_id', '=', projectId)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Checks generated trees below `parent` as a single group would be checked:
 * the caller may create there, every type exists, the hierarchy holds, and no
 * two siblings (new, or new and existing) share a type and an address.
 * Normalises the addresses in place (7.9).
 */
async function checkTrees(db: Db, access: GroupAccess, parent: PlacedGroup, items: GeneratedNode[]): Promise<void> {
  const { projectId } = access.auth;
  if (!canCreateUnder(access, parent)) throw prohibited();
  const types = await projectTypes(db, projectId);
  const chain = await chainTo(db, projectId, parent);
  const used = new Set<number>();
  const visit = (nodes: GeneratedNode[]) => {
    const seen = new Set<string>();
    for (const node of nodes) {
      const type = types.get(node.domain_type_id);
      if (!type) throw invalidData({ domain_type_id: { code: 'invalid' } });
      used.add(type.id);
      node.logic_address = normaliseLogicAddress(node.logic_address, type.type);
      const key = `${type.id}:${node.logic_address}`;
      if (node.logic_address !== null && seen.has(key)) {
        throw refused(ERROR_CODES.sameTypeAndLogicAddress, { errors: { logic_address: { code: 'not_unique' } } });
      }
      seen.add(key);
      visit(node.children ?? []);
    }
  };
  visit(items);
  for (const item of items) {
    const violation = checkSubtree(flatten(item, types), chain);
    if (violation) throw violationError(violation);
  }
  for (const id of used) await assertTypeAllowedAt(db, projectId, types.get(id)!, parent);
  const existing = await db
    .selectFrom('domains')
    .select(['domain_type_id', 'logic_address'])
    .where('project_id', '=', projectId)
    .where('parent_id', '=', parent.id)
    .where('logic_address', 'is not', null)
    .execute();
  const taken = new Set(existing.map((e) => `${e.domain_type_id}:${e.logic_address}`));
  for (const item of items) {
    if (item.logic_address !== null && taken.has(`${item.domain_type_id}:${item.logic_address}`)) {
      throw refused(ERROR_CODES.sameTypeAndLogicAddress, { errors: { logic_address: { code: 'not_unique' } } });
    }
  }
}

/** POST /domains/generate/tree: the preview, nothing saved. */
export async function previewGeneratedGroups(
  db: Kysely<Database>,
  access: GroupAccess,
  request: GenerateRequest,
): Promise<GeneratedTree> {
  const total = generatedCount(request);
  if (total === 0) throw invalidData({ units: { code: 'required' } });
  if (total > GENERATE_LIMITS.total) throw refused(ERROR_CODES.valueOutOfRange);
  const parent = await requireVisibleGroup(db, access, request.parent_id);
  const types = await projectTypes(db, access.auth.projectId);
  const typeIds = Object.fromEntries(
    [...types.values()].filter((t) => t.domain_id === null).map((t) => [t.type, t.id]),
  );
  const items = buildGeneratedTree(request, typeIds);
  await checkTrees(db, access, parent, items);
  return { parent_id: parent.id, items, total: countTree(items) };
}

function toTreeNode(node: GeneratedNode): TreeNode<NewGroupValues> {
  return {
    value: {
      name: node.name,
      description: null,
      domain_type_id: node.domain_type_id,
      logic_address: node.logic_address,
    },
    children: (node.children ?? []).map(toTreeNode),
  };
}

/** POST /domains/generate/save: stores a preview in one transaction; answers the count and the top ids. */
export async function saveGeneratedGroups(
  db: Kysely<Database>,
  before: GroupAccess,
  body: GenerateSave,
): Promise<{ created: number; ids: number[] }> {
  if (countTree(body.items) > GENERATE_LIMITS.total) throw refused(ERROR_CODES.valueOutOfRange);
  return db.transaction().execute(async (trx) => {
    const access = await lockTree(trx, before);
    const parent = await requireVisibleGroup(trx, access, body.parent_id);
    await checkTrees(trx, access, parent, body.items);
    const { ids, topIds } = await insertForest(
      trx,
      access.auth.projectId,
      parent.id,
      body.items.map(toTreeNode),
      access.auth.userId,
    );
    return { created: ids.length, ids: topIds };
  });
}
