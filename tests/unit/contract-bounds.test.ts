import { describe, expect, it } from 'vitest';
import type { CallDeclaration } from '../../src/contract/call';
import { CALLS, type CallKey } from '../../src/contract/http';

/**
 * Every input the server accepts is bounded in the contract: each array of a
 * body, query or multipart declaration has a maximum length, each string a
 * maximum length or a pattern that bounds it, so no request can ask for
 * unbounded work (a delete-all of 100 000 ids once answered 500).
 */
interface Node {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  options?: unknown[];
  pipe?: { type: string; requirement?: unknown }[];
  key?: string;
  rest?: Node;
}

/** A bound in the node's pipe, or in a schema its pipe starts from (`v.pipe(PageParamSchema, v.maxValue(50))`). */
const bounded = (node: Node, kinds: string[]): boolean =>
  node.pipe?.some((p) => kinds.includes(p.type) || ((p as Node).pipe !== undefined && bounded(p as Node, kinds))) ??
  false;

/** Paths (dotted) of unbounded arrays and strings in a schema. */
function unbounded(node: Node | undefined, path: string, out: string[], depth = 0): string[] {
  if (!node || depth > 12) return out;
  switch (node.type) {
    case 'array':
      if (!bounded(node, ['max_length', 'length'])) out.push(`${path}[] (array without a maximum length)`);
      unbounded(node.item, `${path}[]`, out, depth + 1);
      break;
    case 'string':
      if (!bounded(node, ['max_length', 'length', 'regex', 'email', 'iso_timestamp', 'max_bytes'])) {
        out.push(`${path} (string without a maximum length)`);
      }
      break;
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      for (const [key, entry] of Object.entries(node.entries ?? {}))
        unbounded(entry, path ? `${path}.${key}` : key, out, depth + 1);
      if (node.rest) unbounded(node.rest, `${path}.*`, out, depth + 1);
      break;
    case 'record':
      out.push(`${path} (record: unbounded keys)`);
      break;
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      unbounded(node.wrapped, path, out, depth + 1);
      break;
    case 'union':
    case 'variant':
      for (const option of node.options ?? []) unbounded(option as Node, path, out, depth + 1);
      break;
    default:
      break;
  }
  return out;
}

const inputs = (Object.keys(CALLS) as CallKey[]).flatMap((key) => {
  const d = CALLS[key] as CallDeclaration;
  return [
    ['body', d.body],
    ['query', d.query],
    ['params', d.params],
    ['multipart', d.multipart?.fields],
  ]
    .filter(([, schema]) => schema !== undefined)
    .map(([part, schema]) => [`${key} ${part as string}`, schema as unknown as Node] as const);
});

describe('contract inputs are bounded', () => {
  it('has inputs to check', () => {
    expect(inputs.length).toBeGreaterThan(60);
  });

  it.each(inputs)('%s', (_, schema) => {
    expect(unbounded(schema, '', [])).toEqual([]);
  });
});
