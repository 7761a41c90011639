/**
 * The organization's navigation items and header widgets as checked trees (a root "all", then the
 * menu groups and their entries). Pure: what the tree shows checked for a stored
 * list, and the list a tree's checked keys are stored as.
 */

export interface KeyTree {
  key: string;
  children?: KeyTree[];
}

/** An empty list, or one with 'all', restricts nothing: the tree shows everything checked. */
export function checkedKeysOf(value: unknown): string[] {
  const keys = Array.isArray(value) ? value.map(String) : [];
  return keys.length === 0 || keys.includes('all') ? ['all'] : keys;
}

/**
 * The shortest list naming what is checked: 'all' when the root is, a group's key when the whole
 * group is (the menu reads a group key as all of its entries), else the checked entries.
 */
export function storedKeysOf(root: KeyTree, checked: readonly string[]): string[] {
  const set = new Set(checked);
  const walk = (node: KeyTree): string[] => {
    if (set.has(node.key)) return [node.key];
    return (node.children ?? []).flatMap(walk);
  };
  return walk(root);
}
