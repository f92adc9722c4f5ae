/** A tree to store as a nested set. */
export interface TreeNode<T> {
  value: T;
  children?: TreeNode<T>[];
}

/** One node with its nested-set bounds and its parent's index in the output (null for the root). */
export interface NumberedNode<T> {
  value: T;
  lft: number;
  rgt: number;
  parentIndex: number | null;
}

/**
 * Numbers a tree depth-first (lft on the way down, rgt on the way up), parents
 * before children, so rows can be inserted in output order with parent ids known.
 */
export function numberTree<T>(root: TreeNode<T>, start = 1): NumberedNode<T>[] {
  const out: NumberedNode<T>[] = [];
  let counter = start;
  const visit = (node: TreeNode<T>, parentIndex: number | null) => {
    const index = out.length;
    const entry: NumberedNode<T> = { value: node.value, lft: counter++, rgt: 0, parentIndex };
    out.push(entry);
    for (const child of node.children ?? []) visit(child, index);
    entry.rgt = counter++;
  };
  visit(root, null);
  return out;
}
