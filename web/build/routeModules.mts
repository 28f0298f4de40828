/**
 * Prints the route → module mapping of the web app as JSON (run by web/vite.config.ts under tsx): each route of
 * src/app/router.tsx and of the registry (src/pages/registry.tsx: a menu page at its menu's path, an extra route
 * at its own) with the source files its loader imports. A loader's source names them: `import("./x.tsx")`, or a
 * registry helper (`hazards()`, `lobby(…)`) whose own definition imports them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenMenus } from '../../packages/core/src/menus.ts';
import { EXTRA_ROUTES, PAGES } from '../src/pages/registry.tsx';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const pages = path.join(src, 'pages');
const specs = (text: string) => [...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);

/** the registry's helpers: `const hazards = () => import('./danger/HazardPages.tsx');` */
const helpers = new Map<string, string[]>();
for (const line of readFileSync(path.join(pages, 'registry.tsx'), 'utf8').split('\n')) {
  const m = /^const (\w+) = .*import\(/.exec(line);
  if (m) helpers.set(m[1]!, specs(line));
}
const modulesOf = (load: () => unknown, dir: string) => {
  const text = String(load);
  const found = specs(text);
  for (const [name, imports] of helpers) if (new RegExp(`\\b${name}\\(`).test(text)) found.push(...imports);
  if (found.length === 0) throw new Error(`route-sizes: no import found in the loader ${text.slice(0, 120)}`);
  return [...new Set(found.map((s) => path.resolve(dir, s)))];
};

const menuPage = path.join(src, 'views/menu-page/MenuPage.tsx');
const fullPath = new Map(flattenMenus().map((m) => [m.code, m.fullPath]));
const routes: { route: string; modules: string[] }[] = [];

// the routes of the route table itself (the layout's pages, registration, the error pages)
for (const line of readFileSync(path.join(src, 'app/router.tsx'), 'utf8').split('\n')) {
  const m = /path: '([^']+)', lazy: lazyPage\(\(\) => import\('([^']+)'\)\)/.exec(line);
  if (m) routes.push({ route: m[1]!, modules: [path.resolve(src, 'app', m[2]!)] });
}
// /dashboard renders the board of the user's side
const board = (file: string) => ['index.tsx', file].map((f) => path.join(src, 'views/dashboard', f));
routes.push({ route: '/dashboard (政府端)', modules: board('GovernmentDashboard.tsx') });
routes.push({ route: '/dashboard (企业端)', modules: board('EnterpriseDashboard.tsx') });
for (const [code, load] of Object.entries(PAGES)) {
  const at = fullPath.get(code);
  if (!at) throw new Error(`route-sizes: the registry's page ${code} is not a menu of packages/core/src/menus.ts`);
  routes.push({ route: at, modules: [menuPage, ...modulesOf(load, pages)] });
}
// a menu page without a bespoke page is the generic list
routes.push({ route: '(资源列表 ResourcePage)', modules: [menuPage, path.join(src, 'components/resource/ResourcePage.tsx')] });
for (const r of EXTRA_ROUTES) routes.push({ route: r.path, modules: modulesOf(r.load, pages) });

process.stdout.write(JSON.stringify(routes));
