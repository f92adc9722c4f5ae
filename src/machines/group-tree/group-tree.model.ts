import type { GroupBranchNode } from '../../contract/entities/group';

/**
 * The groups tree as the console keeps it (pure): the nodes seen so far by id,
 * the complete child lists loaded so far, and what is open. Search results are
 * a second forest over the same nodes: the matches and their ancestors.
 */

/** One row's data: a narrow slice of a branch node. */
export interface TreeNode {
  id: number;
  name: string;
  parent_id: number | null;
  type: GroupBranchNode['type'];
  logic_address: string | null;
  users_count: number;
  has_children: boolean;
  /** The caller may delete this group (the server's rule, answered with the node). */
  may_delete: boolean;
}

/** A forest: its top ids, and for each parent whose list is known, its children in tree order. */
export interface Forest {
  roots: number[];
  children: Record<number, number[]>;
}

/** A search answer as a forest, with the text it answered and the ids that matched. */
export interface Found extends Forest {
  text: string;
  matches: number[];
}

export const narrow = (n: GroupBranchNode): TreeNode => ({
  id: n.id,
  name: n.name,
  parent_id: n.parent_id,
  type: n.type,
  logic_address: n.logic_address,
  users_count: n.users_count,
  has_children: n.has_children,
  may_delete: n.may_delete,
});

export const byId = (nodes: TreeNode[]): Record<number, TreeNode> => Object.fromEntries(nodes.map((n) => [n.id, n]));

/**
 * A forest from nodes in tree order (a whole subtree or a search answer): a
 * node's tree parent is its parent when that is in the answer, else it is a
 * top node. Child lists are those the answer holds.
 */
export function forestOf(nodes: TreeNode[]): Forest {
  const present = new Set(nodes.map((n) => n.id));
  const roots: number[] = [];
  const children: Record<number, number[]> = {};
  for (const n of nodes) {
    const siblings = n.parent_id !== null && present.has(n.parent_id) ? children[n.parent_id] : roots;
    if (siblings) siblings.push(n.id);
    else children[n.parent_id as number] = [n.id];
  }
  return { roots, children };
}

/** A search answer: the forest of matches and ancestors; a node matches when its name contains the text. */
export function foundOf(text: string, nodes: TreeNode[]): Found {
  const needle = text.trim().toLowerCase();
  return {
    ...forestOf(nodes),
    text,
    matches: nodes.filter((n) => n.name.toLowerCase().includes(needle)).map((n) => n.id),
  };
}

/** One visible row of the tree, in display order. */
export interface TreeRow {
  node: TreeNode;
  /** 1 for a top node (aria-level). */
  level: number;
  expanded: boolean;
  /** Its children are being fetched. */
  loading: boolean;
  /** 1-based place among its siblings, and how many they are (aria-posinset / aria-setsize). */
  position: number;
  siblings: number;
  /** The row matched the search (shown marked); false outside a search. */
  match: boolean;
}

export interface TreeView {
  nodes: Record<number, TreeNode>;
  forest: Forest;
  /** Child lists to fall back on (a search shows loaded children of a match that it did not answer). */
  loaded: Record<number, number[]>;
  expanded: readonly number[];
  pending: readonly number[];
  matches: readonly number[];
}

/** The visible rows: the top nodes, and below each open node its children, depth first. */
export function visibleRows(view: TreeView): TreeRow[] {
  const open = new Set(view.expanded);
  const pending = new Set(view.pending);
  const matches = new Set(view.matches);
  const rows: TreeRow[] = [];
  // Child lists loaded at different times may disagree after a move: a group shows once.
  const shown = new Set<number>();
  const walk = (ids: number[], level: number) => {
    ids.forEach((id, i) => {
      const node = view.nodes[id];
      if (!node || shown.has(id)) return;
      shown.add(id);
      const kids = view.forest.children[id] ?? view.loaded[id];
      const expanded = open.has(id) && node.has_children;
      rows.push({
        node,
        level,
        expanded,
        loading: expanded && pending.has(id),
        position: i + 1,
        siblings: ids.length,
        match: matches.has(id),
      });
      if (expanded && kids) walk(kids, level + 1);
    });
  };
  walk(view.forest.roots, 1);
  return rows;
}

/** Nodes whose children list is in the forest: what "expand all" opens. */
export const parentsIn = (forest: Forest) => Object.keys(forest.children).map(Number);
