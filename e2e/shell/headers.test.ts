/**
 * The built app under its own Content-Security-Policy: every page the super administrator can open (the government
 * and enterprise users' pages: csp-*.test.ts). Then the headers and the precompressed, immutable assets as a browser
 * receives them.
 */
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { flattenMenus, SUPER_MENUS } from '@dg/core';
import { baseUrl, login, newPage, settled, useBrowser } from '../helpers.ts';
import { watchCsp } from './csp.ts';

const ctx = useBrowser();
const dist = path.join(import.meta.dirname, '../../web/dist');

describe('Content-Security-Policy', () => {
  it('no page of the super administrator violates it', { timeout: 300_000 }, async () => {
    const violations: string[] = [];
    const page = await newPage(ctx.browser);
    const csp = await watchCsp(page);
    await login(page, 'super', undefined, { path: '/pageB.html' });
    await page.getByTestId('layout').waitFor();
    for (const code of SUPER_MENUS) {
      const m = flattenMenus().find((x) => x.code === code);
      if (!m || m.children?.length) continue;
      await page.evaluate((p) => { window.location.hash = '#' + p; }, m.fullPath);
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .nprogress-busy'), undefined, { timeout: 10_000 }).catch(() => {});
      await settled(page);
      violations.push(...await csp(`super ${m.fullPath}`));
    }
    await page.context().close();
    expect(violations).toEqual([]);
  });
});

function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

describe('headers and assets', () => {
  it('the page carries CSP, frame, sniffing and referrer headers and is never cached', async () => {
    const r = await raw(baseUrl() + '/login');
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('same-origin');
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('hashed assets come precompressed, decompress to the built file, and are cached for good', async () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const built = readFileSync(path.join(dist, file));
      if (built.length < 1024) continue; // not worth compressing: the build leaves it as it is
      const br = await raw(`${baseUrl()}/${file}`, { 'accept-encoding': 'br, gzip' });
      expect([file, br.headers['content-encoding']]).toEqual([file, 'br']);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.body).equals(built)).toBe(true);
      const gz = await raw(`${baseUrl()}/${file}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(built)).toBe(true);
      const plain = await raw(`${baseUrl()}/${file}`);
      expect(plain.body.equals(built)).toBe(true);
    }
  });
});
