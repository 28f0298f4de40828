/**
 * Large JSON answers go compressed (app.ts): brotli or gzip as the client asks, whole in one answer with its length
 * (compressed in one call up to 128 KiB, not streamed in chunks), and they decompress to exactly the plain answer.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

describe('compressed answers', () => {
  it('the menu tree of the platform admin comes as br or gzip with its length and decompresses to the plain answer', async () => {
    const token = await t.token('admin');
    const get = (enc?: string) => t.app.inject({ method: 'GET', url: '/api/admin/user/front/menus', headers: { authorization: token, ...(enc ? { 'accept-encoding': enc } : {}) } });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024); // above the threshold: worth compressing
    for (const [enc, unzip] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const r = await get(`${enc}`);
      expect(r.headers['content-encoding']).toBe(enc);
      expect(r.headers['transfer-encoding']).toBeUndefined();
      expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
      expect(r.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(unzip(r.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });
});
