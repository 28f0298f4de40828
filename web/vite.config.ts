import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';
import path from 'node:path';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const require = createRequire(import.meta.url);

/**
 * echarts-for-react's ESM build imports `tslib` without declaring it; npm only installed tslib
 * nested under echarts. Use a hoisted tslib when there is one, else echarts' own copy.
 */
function tslibAlias(): Record<string, string> {
  try {
    require.resolve('tslib');
    return {};
  } catch {
    const entry = require.resolve('echarts');
    const marker = `node_modules${path.sep}echarts${path.sep}`;
    const nested = path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), 'node_modules/tslib/tslib.es6.js');
    return existsSync(nested) ? { tslib: nested } : {};
  }
}

/**
 * Only React is kept in a chunk of its own (every page needs it and it changes least). antd, the
 * icons, ECharts and the editor are split where pages import them, so the sign-in page loads only
 * the parts it shows and ECharts only comes with a chart (issue 10).
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 50 },
];

/**
 * After the build: a .br and a .gz beside every text file of dist (the server sends the one the browser accepts,
 * without compressing per request), and a table of what the sign-in page costs to load.
 */
function precompress(): Plugin {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
  return {
    name: 'dg-precompress',
    apply: 'build',
    closeBundle() {
      const dist = here('./dist');
      const sizes = new Map<string, { raw: number; gz: number; br: number }>();
      for (const f of files(dist)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(f)) continue;
        const raw = readFileSync(f);
        if (raw.length < 1024) continue;
        const gz = gzipSync(raw, { level: 9 });
        const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        writeFileSync(f + '.gz', gz);
        writeFileSync(f + '.br', br);
        sizes.set(path.relative(dist, f), { raw: raw.length, gz: gz.length, br: br.length });
      }
      // what index.html loads before the sign-in page shows: its scripts, their static imports and styles
      const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
      const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      const kb = (n: number) => (n / 1024).toFixed(0).padStart(6) + ' KB';
      const sum = (k: 'raw' | 'gz' | 'br') => first.reduce((a, f) => a + (sizes.get(f)?.[k] ?? statSync(path.join(dist, f)).size), 0);
      const all = (k: 'raw' | 'gz' | 'br') => [...sizes.values()].reduce((a, v) => a + v[k], 0);
      console.log(`\n  web/dist             raw        gzip      brotli\n  sign-in page ${kb(sum('raw'))} ${kb(sum('gz'))} ${kb(sum('br'))}\n  all files    ${kb(all('raw'))} ${kb(all('gz'))} ${kb(all('br'))}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: tslibAlias() },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // two entries: the main page and the super-admin page (spec §1)
    rolldownOptions: {
      input: { main: here('./index.html'), pageB: here('./pageB.html') },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
