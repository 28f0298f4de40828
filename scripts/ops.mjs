// `npm run backup` / `npm run restore FILE`: from the source through tsx in a development checkout, else the built
// operations command (server/dist/ops.mjs, plain node — a production install has no tsx after `npm prune --omit=dev`).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'server/src/ops/cli.ts');
const dev = existsSync(source) && existsSync(path.join(root, 'node_modules/tsx')) && process.env.NODE_ENV !== 'production';
const args = dev ? ['--import', 'tsx', source] : [path.join(root, 'server/dist/ops.mjs')];
const r = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
