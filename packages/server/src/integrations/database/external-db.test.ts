import { describe, expect, it } from 'vitest';
import { bindPlaceholders, quotedName, quotedTable } from './external-db.js';

describe('names and placeholders of external SQL', () => {
  it('quotes each part of schema.table, split at the first dot, the quote mark inside doubled', () => {
    expect(quotedTable('casbin_rule', '"')).toBe('"casbin_rule"');
    expect(quotedTable('policy-rules', '`')).toBe('`policy-rules`');
    expect(quotedTable('authz.casbin_rule', '"')).toBe('"authz"."casbin_rule"');
    expect(quotedTable('my schema.rules.v2', '`')).toBe('`my schema`.`rules.v2`');
    expect(quotedTable('x"; drop table y; --', '"')).toBe('"x""; drop table y; --"');
    expect(quotedTable('x`; drop table y; --', '`')).toBe('`x``; drop table y; --`');
    // The other engine's mark is an ordinary character.
    expect(quotedTable('x`y', '"')).toBe('"x`y"');
    expect(quotedTable('x"y', '`')).toBe('`x"y`');
  });

  it('quotes a column as one identifier (a dot is part of its name)', () => {
    expect(quotedName('a.b', '"')).toBe('"a.b"');
    expect(quotedName('say "hi"', '"')).toBe('"say ""hi"""');
  });

  it('binds only the placeholders outside quotes', () => {
    const numbered = (statement: string) => bindPlaceholders(statement, (n) => `$${n + 1}`);
    expect(numbered('select * from "t" where a = ? and b in (?, ?)')).toBe('select * from "t" where a = $1 and b in ($2, $3)');
    expect(numbered('select * from "what?" where a = ?')).toBe('select * from "what?" where a = $1');
    expect(numbered('select * from `what?`.`a""?` where a = ?')).toBe('select * from `what?`.`a""?` where a = $1');
    expect(numbered('select * from "x""?" where v0 = ? and v1 = \'?\'')).toBe(
      'select * from "x""?" where v0 = $1 and v1 = \'?\'',
    );
  });
});
