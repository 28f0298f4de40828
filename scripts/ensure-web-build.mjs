// Builds the web app when web/dist is missing (npm start) or always (--force, before browser tests).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const force = process.argv.includes('--force');
if (force || !existsSync('web/dist/index.html')) {
  console.log('构建前端…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
