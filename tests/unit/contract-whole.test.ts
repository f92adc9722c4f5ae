import { describe, expect, it } from 'vitest';
import { CALLS } from '../../src/contract/http';

/**
 * Every schema of every call is whole: an import cycle between contract modules leaves a schema
 * `undefined` where another module uses it at definition time, and valibot only fails when that
 * field is parsed (a 500 on the first answer that carries it). This walks every declaration.
 */
type Node = {
  entries?: Record<string, unknown>;
  wrapped?: unknown;
  item?: unknown;
  pipe?: unknown[];
  options?: unknown[];
};

function holes(schema: unknown, path: string, found: string[], depth = 0): void {
  if (depth > 16 || typeof schema !== 'object' || schema === null) return;
  const node = schema as Node;
  for (const [key, entry] of Object.entries(node.entries ?? {})) {
    if (entry === undefined) found.push(`${path}.${key}`);
    else holes(entry, `${path}.${key}`, found, depth + 1);
  }
  for (const inner of [node.wrapped, node.item]) {
    if (inner === undefined && (node.wrapped !== undefined || 'wrapped' in node)) continue;
    holes(inner, `${path}[]`, found, depth + 1);
  }
  if (node.pipe && node.pipe[0] !== schema) holes(node.pipe[0], path, found, depth + 1);
  for (const option of node.options ?? []) holes(option, `${path}|`, found, depth + 1);
}

describe('the contract', () => {
  it('has no undefined schema anywhere in its calls', () => {
    const found: string[] = [];
    for (const [key, call] of Object.entries(CALLS as Record<string, Record<string, unknown>>)) {
      for (const part of ['params', 'query', 'body', 'response']) holes(call[part], `${key} ${part}`, found);
    }
    expect(found).toEqual([]);
  });
});
