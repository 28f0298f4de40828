/** sessionMemo: built once per session and key, anew for another session, when no longer current, and past the limit */
import { describe, it, expect } from 'vitest';
import { sessionMemo, type SessionUser } from '../src/platform/access.ts';

const session = () => ({ id: crypto.randomUUID() }) as unknown as SessionUser;

describe('sessionMemo', () => {
  it('builds a value once per session and key, and again where it is no longer current', () => {
    const [a, b] = [session(), session()];
    let built = 0;
    const build = () => ({ n: ++built });
    expect(sessionMemo(a, 'k', build)).toEqual({ n: 1 });
    expect(sessionMemo(a, 'k', build)).toEqual({ n: 1 });
    expect(sessionMemo(b, 'k', build)).toEqual({ n: 2 });
    expect(sessionMemo(a, 'other', build)).toEqual({ n: 3 });
    expect(sessionMemo(a, 'k', build, (kept) => kept.n !== 1)).toEqual({ n: 4 });
    expect(sessionMemo(a, 'k', build)).toEqual({ n: 4 });
    // a null is kept like any value
    let nulls = 0;
    expect(sessionMemo(a, 'none', () => { nulls++; return null; })).toBe(null);
    expect(sessionMemo(a, 'none', () => { nulls++; return null; })).toBe(null);
    expect(nulls).toBe(1);
  });

  it('keeps at most 64 values a session, dropping the oldest built', () => {
    const a = session();
    let built = 0;
    for (let i = 0; i < 65; i++) sessionMemo(a, `page ${i}`, () => ++built);
    expect(sessionMemo(a, 'page 64', () => ++built)).toBe(65);
    expect(sessionMemo(a, 'page 1', () => ++built)).toBe(2);
    expect(sessionMemo(a, 'page 0', () => ++built)).toBe(66);
  });
});
