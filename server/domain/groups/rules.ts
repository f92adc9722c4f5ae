import {
  ADDRESSLESS_DOMAIN_TYPE,
  type BuiltInDomainType,
  isBuiltInDomainType,
} from '../../../src/contract/entities/domain-type';
import { ERROR_CODES, type ErrorCode } from '../../../src/contract/errors';
import { blankToNull } from '../../../src/contract/validation';
import { type DomainError, refused } from '../errors';

/**
 * The hierarchy rules of 8.2 as pure functions over type codes, so the group
 * form, generate-groups and the structure import all refuse the same things.
 *
 * Allowed direct parents (docs/decisions.md, "Groups"):
 *
 * | child    | may be placed directly in              | also needs               |
 * |----------|----------------------------------------|--------------------------|
 * | project  | nothing (top level only)                |                          |
 * | building | project, area                           | no building above it     |
 * | entrance | building                                |                          |
 * | floor    | building, entrance                      |                          |
 * | unit     | building, entrance, floor, area         | a building above it      |
 * | area     | project, building, entrance, floor, area|                          |
 *
 * Entrances, floors and units need a building above them ("needs Building
 * parent"); a custom type (created under /domain-types) behaves like `area`.
 */
const ROOT = 'root';
type Place = BuiltInDomainType | typeof ROOT;

const PARENTS: Record<BuiltInDomainType, readonly Place[]> = {
  project: [ROOT],
  building: ['project', 'area'],
  entrance: ['building'],
  floor: ['building', 'entrance'],
  unit: ['building', 'entrance', 'floor', 'area'],
  area: ['project', 'building', 'entrance', 'floor', 'area'],
};
const NEEDS_BUILDING: ReadonlySet<BuiltInDomainType> = new Set(['entrance', 'floor', 'unit']);

/** How a type code behaves in the rules: built-in codes as themselves, custom codes like `area`. */
export function ruleKind(code: string | null): BuiltInDomainType {
  if (code === null) return 'area';
  return isBuiltInDomainType(code) ? code : 'area';
}

/** A refused placement: the catalogue code and its placeholders. */
export interface RuleViolation {
  message: string;
  params?: Record<string, string>;
}

/**
 * Whether a group of type `child` may sit below the chain `ancestors` (type
 * codes from the top down to the direct parent; empty for the top level).
 */
export function checkPlacement(child: string | null, ancestors: readonly (string | null)[]): RuleViolation | null {
  const kind = ruleKind(child);
  const parent = ancestors.length === 0 ? null : (ancestors[ancestors.length - 1] ?? null);
  const parentPlace: Place = ancestors.length === 0 ? ROOT : ruleKind(parent);
  const kinds = ancestors.map(ruleKind);
  if (NEEDS_BUILDING.has(kind) && !kinds.includes('building')) return { message: ERROR_CODES.needsBuildingParent };
  const cannotPut = {
    message: ERROR_CODES.wrongHierarchyCannotPut,
    params: { childCode: child ?? ADDRESSLESS_DOMAIN_TYPE, parentCode: parent ?? ROOT },
  };
  if (!PARENTS[kind].includes(parentPlace)) return cannotPut;
  if (kind === 'building' && kinds.includes('building')) return cannotPut;
  return null;
}

/** A node of a subtree being placed: its type and its depth below the subtree's top (top = 0). */
export interface SubtreeNode {
  type: string | null;
  depth: number;
}

/**
 * Checks a whole subtree placed below `ancestors` (a move, a type change, or
 * generated groups). `nodes` are in tree order (depth-first, parents first).
 * The top node reports its own violation; a node below it reports
 * "child already contains {code}" with the offending type.
 */
export function checkSubtree(
  nodes: readonly SubtreeNode[],
  ancestors: readonly (string | null)[],
): RuleViolation | null {
  const chain: (string | null)[] = [];
  for (const [index, node] of nodes.entries()) {
    chain.length = node.depth;
    const violation = checkPlacement(node.type, [...ancestors, ...chain]);
    if (violation) {
      if (index === 0) return violation;
      return {
        message: ERROR_CODES.wrongHierarchyChildContains,
        params: { code: node.type ?? ADDRESSLESS_DOMAIN_TYPE },
      };
    }
    chain.push(node.type);
  }
  return null;
}

/** 7.9: a logical address is stored as null when blank or when the type has no addresses. */
export function normaliseLogicAddress(value: string | null | undefined, typeCode: string | null): string | null {
  if (typeCode === ADDRESSLESS_DOMAIN_TYPE) return null;
  const text = blankToNull(value);
  // "007" and "7" are the same address on a door panel.
  return text === null ? null : String(Number(text));
}

/** The refusal of a violation: the request does not fit the tree. */
export function violationError(violation: RuleViolation): DomainError {
  return refused(violation.message as ErrorCode, violation.params ? { params: violation.params } : {});
}
