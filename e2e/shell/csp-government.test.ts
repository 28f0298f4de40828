/** Every page a government user can open, under the built app's Content-Security-Policy (csp.ts). */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers.ts';
import { walkSide } from './csp.ts';

const ctx = useBrowser();

describe('Content-Security-Policy', () => {
  it('no page admin opens violates it', { timeout: 600_000 }, async () => {
    expect(await walkSide(ctx.browser, 'admin', 'government')).toEqual([]);
  });
});
