// `npm test`: the type check and ESLint, then every test a change can break — core units, API tests on the
// embedded database, and browser journeys against the built app in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`浏览器测试需要 Chromium：sudo apt-get install -y chromium fonts-wqy-microhei（或设置 CHROMIUM_PATH）`);
  process.exit(1);
}
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// the type check of the three workspaces and ESLint first: a type error or a lint error fails the run
// (DG_SKIP_CHECKS=1 skips them when re-running a few test files)
if (process.env.DG_SKIP_CHECKS !== '1') {
  run('npm', ['run', '--silent', 'typecheck']);
  run('npm', ['run', '--silent', 'lint']);
}
run('node', ['scripts/ensure-web-build.mjs', '--force']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
