import { describe, expect, it } from 'vitest';
import { cardParts, setCount } from './phone';

describe('a list row as a card', () => {
  it('takes the actions column to the foot, the state column as the tag, the first others as title and lines', () => {
    const cols = [{ key: 'name' }, { key: 'plate' }, { key: 'auditStatus' }, { key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }, { key: '__actions', fixed: 'right' }];
    const p = cardParts(cols);
    expect(p.title?.key).toBe('name');
    expect(p.state?.key).toBe('auditStatus');
    expect(p.lines.map((c) => c.key)).toEqual(['plate', 'a', 'b', 'c']);
    expect(p.actions?.key).toBe('__actions');
  });

  it('finds a bespoke list\'s 操作 column by key or by its fixed side, and does without a state', () => {
    expect(cardParts([{ key: 'x' }, { key: 'op' }]).actions?.key).toBe('op');
    const p = cardParts([{ key: 'x' }, { key: 'y' }, { key: 'ops', fixed: 'right' }], 2);
    expect(p.actions?.key).toBe('ops');
    expect(p.state).toBeUndefined();
    expect(p.lines.map((c) => c.key)).toEqual(['y']);
  });
});

describe('the 筛选 count', () => {
  it('counts the set values, not the empty ones nor the field shown beside the button', () => {
    expect(setCount({ a: 'x', b: '', c: undefined, d: null, e: [null, null], f: ['2026-01-01', null], g: 0 }, ['a'])).toBe(2);
  });
});
