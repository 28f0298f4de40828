import { describe, expect, it } from 'vitest';
import { overBudget, routeSizes, type ChunkInfo } from './routeBudget.ts';

const chunks = new Map<string, ChunkInfo>([
  ['shell.js', { file: 'shell.js', imports: ['react.js'], modules: ['/src/layout/Layout.tsx'] }],
  ['react.js', { file: 'react.js', imports: [], modules: ['/node_modules/react/index.js'] }],
  ['page.js', { file: 'page.js', imports: ['table.js', 'react.js'], modules: ['/src/pages/Page.tsx'] }],
  ['table.js', { file: 'table.js', imports: ['shell.js'], modules: ['/node_modules/antd/es/table/index.js'] }],
]);
const bytes = (kb: Record<string, number>) => (f: string) => (kb[f] ?? 0) * 1024;
const routes = [{ route: '/records/page', modules: ['/src/pages/Page.tsx'] }];
const budgets = { defaultKb: 50, routes: {} };

describe('route size budget', () => {
  it('counts a route\'s own chunk and what it imports, not the shell', () => {
    const [s] = routeSizes(routes, chunks, new Set(['shell.js', 'react.js']), bytes({ 'page.js': 10, 'table.js': 30, 'shell.js': 150, 'react.js': 80 }), budgets);
    expect(s).toEqual({ route: '/records/page', kb: 40, budgetKb: 50 });
    expect(overBudget([s!])).toEqual([]);
  });

  it('names a route that grows past its budget, with its size', () => {
    const sizes = routeSizes(routes, chunks, new Set(['shell.js', 'react.js']), bytes({ 'page.js': 10, 'table.js': 45 }), budgets);
    expect(overBudget(sizes)).toEqual(['/records/page: 55.0 KB > 50 KB']);
  });

  it('holds a route to its own exception over the default', () => {
    const sizes = routeSizes(routes, chunks, new Set(['shell.js', 'react.js']), bytes({ 'page.js': 10, 'table.js': 30 }), { defaultKb: 50, routes: { '/records/page': 35 } });
    expect(overBudget(sizes)).toEqual(['/records/page: 40.0 KB > 35 KB']);
  });

  it('refuses a route whose module is in no chunk', () => {
    expect(() => routeSizes([{ route: '/gone', modules: ['/src/pages/Gone.tsx'] }], chunks, new Set(), bytes({}), budgets)).toThrow('/gone');
  });
});
