import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import type { Plugin } from 'vite';
import path from 'node:path';
import { closure, formatTable, overBudget, routeSizes, type Budgets, type ChunkInfo, type RouteModules } from './build/routeBudget.ts';

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
 * Chunks by what a page needs on its first load (the download budget of e2e/shell/bundle.test.ts). React with its router in a chunk of its own (every page
 * needs it and it changes least). The rest of what the sign-in page imports statically (`boot`), what the
 * signed-in shell adds to it — antd's providers, the layout and the dashboard's common parts (`shell`): each one
 * chunk, so it compresses as one file instead of a hundred small ones. ECharts is in none of them: the dashboards draw
 * their figures without it (views/dashboard/Bars.tsx), and the pages with charts load it with their own chunks. The
 * sets come from a first build's chunks (`firstLoadSets`): what an entry or a shell root loads statically, stopping
 * at dynamic imports, so what loads on use (dialogs, drawers, other pages, their antd components) stays out of the
 * first load and antd stays out of the sign-in page. The rest is split automatically where pages import it.
 */
const SHELL_ROOTS = [/src[\\/]app[\\/]AntdRoot\.tsx$/, /src[\\/]layout[\\/]Layout\.tsx$/, /src[\\/]views[\\/]dashboard[\\/](index|parts)\.tsx$/];
const REACT = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const sets = { boot: new Set<string>(), shell: new Set<string>() };

/**
 * The chunks each page loads come from a first build with automatic chunking only (`write: false`): its output is
 * tree-shaken, so a chunk's modules are what its page runs, not all that antd's index re-exports.
 */
const PROBE = process.env.DG_CHUNK_PROBE === '1';
function firstLoadSets(): Plugin {
  return {
    name: 'dg-first-load-sets',
    apply: 'build',
    async buildStart() {
      if (PROBE) return;
      process.env.DG_CHUNK_PROBE = '1';
      let out;
      try {
        const { build } = await import('vite');
        out = await build({ configFile: here('./vite.config.ts'), root: here('.'), logLevel: 'silent', build: { write: false, emptyOutDir: false } });
      } finally {
        delete process.env.DG_CHUNK_PROBE;
      }
      const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      /** the modules of the chunks `from` loads before it runs: them and their static imports */
      const loaded = (from: typeof chunks) => {
        const seen = new Set<string>();
        const todo = from.map((c) => c.fileName);
        while (todo.length) {
          const f = todo.pop()!;
          if (seen.has(f)) continue;
          seen.add(f);
          todo.push(...(byName.get(f)?.imports ?? []));
        }
        return new Set([...seen].flatMap((f) => byName.get(f)?.moduleIds ?? []));
      };
      const holding = (roots: RegExp[]) => chunks.filter((c) => c.moduleIds.some((id) => roots.some((r) => r.test(id))));
      const entries = chunks.filter((c) => c.isEntry);
      const entryModules = new Set(entries.flatMap((c) => c.moduleIds)); // each entry keeps its own chunk
      const boot = loaded(entries);
      const own = (s: Set<string>, not: Set<string>[]) => new Set([...s].filter((id) => !REACT.test(id) && !entryModules.has(id) && !not.some((n) => n.has(id))));
      sets.boot = own(boot, []);
      const shell = loaded(holding(SHELL_ROOTS));
      sets.shell = own(shell, [boot]);
    },
  };
}

const vendorGroups = [
  { name: 'react', test: REACT, priority: 50 },
  { name: 'boot', test: (id: string) => sets.boot.has(id), priority: 30 },
  { name: 'shell', test: (id: string) => sets.shell.has(id), priority: 20 },
];

/** the chunk graph of the build, for the route table (`routeBudget`) */
const built = new Map<string, ChunkInfo>();
const SHELL_OF_ROUTES = [/src\/app\/AntdRoot\.tsx$/, /src\/layout\/Layout\.tsx$/];

/**
 * After the build: a .br and a .gz beside every text file of dist (the server sends the one the browser accepts,
 * without compressing per request), a table of what the sign-in page costs to load, and the route table: each
 * route's JavaScript beyond the shell against its budget in web/budgets.json (build/routeBudget.ts). A route past
 * its budget fails the build, naming the route and its size.
 */
function precompress(): Plugin {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
  return {
    name: 'dg-precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (PROBE) return;
      built.clear();
      for (const c of Object.values(bundle)) {
        if (c.type === 'chunk') built.set(c.fileName, { file: c.fileName, imports: c.imports, modules: c.moduleIds });
      }
    },
    closeBundle() {
      if (PROBE) return; // the chunk probe writes nothing (and on a fresh clone there is no dist yet)
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
      routeBudget((f) => sizes.get(f)?.br ?? statSync(path.join(dist, f)).size);
    },
  };
}

/** prints each route's size and throws when one is past its budget (web/budgets.json) */
function routeBudget(bytes: (file: string) => number) {
  // the registry's routes and the modules their loaders import, read by running it (build/routeModules.mts)
  const run = spawnSync(process.execPath, ['--import', 'tsx', here('./build/routeModules.mts')], { cwd: here('..'), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`route-sizes: build/routeModules.mts failed\n${run.stderr}`);
  const routes = JSON.parse(run.stdout) as RouteModules[];
  const budgets = JSON.parse(readFileSync(here('./budgets.json'), 'utf8')) as Budgets;
  const entry = [...built.values()].filter((c) => c.modules.some((m) => m.endsWith('/src/main.tsx')));
  const roots = [...built.values()].filter((c) => c.modules.some((m) => SHELL_OF_ROUTES.some((r) => r.test(m))));
  const shell = closure([...entry, ...roots].map((c) => c.file), built);
  const sizes = routeSizes(routes, built, shell, bytes, budgets);
  const unknown = Object.keys(budgets.routes).filter((r) => !routes.some((x) => x.route === r));
  console.log(`  JavaScript a route's first visit loads beyond the shell (budgets: web/budgets.json)\n${formatTable(sizes)}\n`);
  const over = overBudget(sizes);
  if (unknown.length) over.push(...unknown.map((r) => `${r}: a budget for a route the registry does not have`));
  if (over.length) throw new Error(`routes past their size budget (web/budgets.json):\n  ${over.join('\n  ')}`);
}

export default defineConfig({
  plugins: [react(), firstLoadSets(), precompress()],
  resolve: { alias: tslibAlias() },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // two entries: the main page and the super-admin page (pageB)
    rolldownOptions: {
      input: { main: here('./index.html'), pageB: here('./pageB.html') },
      output: { codeSplitting: { groups: PROBE ? vendorGroups.slice(0, 1) : vendorGroups } },
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
