/**
 * The per-route size budget: what each route's first visit downloads beyond the shell (its own lazy chunk and the
 * chunks it imports statically), in compressed (brotli) KB, against web/budgets.json — a default budget and
 * per-route exceptions. web/vite.config.ts prints the table after each build and fails the build (and so
 * `npm test`) naming every route past its budget.
 */
export interface ChunkInfo { file: string; imports: string[]; modules: string[] }
export interface RouteModules { route: string; modules: string[] }
export interface Budgets { defaultKb: number; routes: Record<string, number> }
export interface RouteSize { route: string; kb: number; budgetKb: number }

/** the chunks a set of chunks loads before it runs: them and their static imports */
export function closure(files: Iterable<string>, chunks: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const todo = [...files];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(chunks.get(f)?.imports ?? []));
  }
  return seen;
}

/** the chunk holding each module */
export function chunkOfModule(chunks: Map<string, ChunkInfo>): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of chunks.values()) for (const m of c.modules) out.set(m, c.file);
  return out;
}

/**
 * Each route's cost: the compressed bytes of the chunks its modules need that the shell (`shell`: the chunks the
 * signed-in layout loads) does not already hold.
 */
export function routeSizes(routes: RouteModules[], chunks: Map<string, ChunkInfo>, shell: Set<string>, bytes: (file: string) => number, budgets: Budgets): RouteSize[] {
  const where = chunkOfModule(chunks);
  return routes.map(({ route, modules }) => {
    const own = modules.map((m) => {
      const f = where.get(m);
      if (!f) throw new Error(`route-sizes: ${route}: ${m} is in no chunk`);
      return f;
    });
    const files = [...closure(own, chunks)].filter((f) => !shell.has(f));
    const kb = files.reduce((a, f) => a + bytes(f), 0) / 1024;
    return { route, kb, budgetKb: budgets.routes[route] ?? budgets.defaultKb };
  });
}

/** a line per route past its budget, naming it and its size */
export function overBudget(sizes: RouteSize[]): string[] {
  return sizes.filter((s) => s.kb > s.budgetKb).map((s) => `${s.route}: ${s.kb.toFixed(1)} KB > ${s.budgetKb} KB`);
}

/** the table the build prints, largest first */
export function formatTable(sizes: RouteSize[]): string {
  const rows = [...sizes].sort((a, b) => b.kb - a.kb);
  const w = Math.max(...rows.map((r) => r.route.length));
  return ['  route'.padEnd(w + 2) + '   brotli   budget', ...rows.map((r) => `  ${r.route.padEnd(w)} ${r.kb.toFixed(1).padStart(7)} KB ${String(r.budgetKb).padStart(5)} KB${r.kb > r.budgetKb ? '  ✗' : ''}`)].join('\n');
}
