/**
 * Row operations of the list editor, pure so that they are tested without a browser. Every
 * operation returns a new array and leaves its input alone.
 */

export function addRow<R>(rows: readonly R[], row: R): R[] {
  return [...rows, row];
}

export function removeRow<R>(rows: readonly R[], index: number): R[] {
  return rows.filter((_, i) => i !== index);
}

/** Moves the row at `index` one place up (-1) or down (+1); a move past either end changes nothing. */
export function moveRow<R>(rows: readonly R[], index: number, delta: -1 | 1): R[] {
  const target = index + delta;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target] as R, next[index] as R];
  return next;
}

export function replaceRow<R>(rows: readonly R[], index: number, row: R): R[] {
  return rows.map((r, i) => (i === index ? row : r));
}

/**
 * Keeps a list of stable row keys beside rows that have none: the same operation is applied to
 * both, and rows that appear from outside (a reset form) get fresh keys.
 */
export class RowKeys {
  private keys: string[] = [];
  private counter = 0;

  /** The keys for `length` rows, keeping the existing ones. */
  sync(length: number): string[] {
    while (this.keys.length < length) this.keys.push(`row-${++this.counter}`);
    if (this.keys.length > length) this.keys = this.keys.slice(0, length);
    return this.keys;
  }

  add(): void {
    this.keys = [...this.keys, `row-${++this.counter}`];
  }

  remove(index: number): void {
    this.keys = removeRow(this.keys, index);
  }

  move(index: number, delta: -1 | 1): void {
    this.keys = moveRow(this.keys, index, delta);
  }
}
