import { describe, expect, it } from 'vitest';
import { addRow, moveRow, RowKeys, removeRow, replaceRow } from './list-rows';

describe('list rows', () => {
  it('add, remove, replace and move without touching the input', () => {
    const rows = ['a', 'b', 'c'];
    expect(addRow(rows, 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(removeRow(rows, 1)).toEqual(['a', 'c']);
    expect(replaceRow(rows, 2, 'z')).toEqual(['a', 'b', 'z']);
    expect(moveRow(rows, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(rows, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
    expect(moveRow(rows, 2, 1)).toEqual(rows);
    expect(rows).toEqual(['a', 'b', 'c']);
  });

  it('keep stable keys through the same operations', () => {
    const keys = new RowKeys();
    const [a, b, c] = keys.sync(3);
    keys.move(0, 1);
    expect(keys.sync(3)).toEqual([b, a, c]);
    keys.remove(0);
    expect(keys.sync(2)).toEqual([a, c]);
    keys.add();
    const added = keys.sync(3)[2];
    expect([a, c]).not.toContain(added);
    // Rows replaced from outside: extra keys are dropped, missing ones made.
    expect(keys.sync(1)).toEqual([a]);
    expect(keys.sync(2)[1]).not.toBe(c);
  });
});
