// `npm test`: the type check and ESLint, then every test a change can break — core units, API tests on the
// embedded database, and browser journeys against the built app in Debian's Chromium.
//
// Neither test project keeps both cores busy alone (a server worker waits on its embedded database, a journey on its
// page), so the checks, the core and server projects and, once the web is built, the browser journeys run side by
// side as separate vitest runs; the first to fail stops the others. With file arguments (`npm test -- e2e/shell`) it
// is one vitest run of those, after the checks.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// the journeys' browser (e2e/browser.ts chooses among these)
if (![process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].some((p) => p && existsSync(p))) {
  console.error('浏览器测试需要 Chromium：sudo apt-get install -y chromium fonts-wqy-microhei（或设置 CHROMIUM_PATH）');
  process.exit(1);
}

const running = new Set();
const run = (cmd, args) => new Promise((resolve) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (code === 0) return resolve();
    console.error(`\n${cmd} ${args.join(' ')}: ${signal ?? `exit ${code}`}`);
    for (const other of running) other.kill('SIGTERM');
    process.exit(code || 1);
  });
});

// DG_SKIP_CHECKS=1 leaves out the type check and ESLint when re-running a few test files
const checks = process.env.DG_SKIP_CHECKS === '1' ? [] : [run('npm', ['run', '--silent', 'typecheck']), run('npm', ['run', '--silent', 'lint'])];
const files = process.argv.slice(2);

if (files.length) {
  await Promise.all(checks);
  await run('node', ['scripts/ensure-web-build.mjs', '--force']);
  await run('npx', ['vitest', 'run', ...files]);
} else {
  const api = run('npx', ['vitest', 'run', '--project', 'core', '--project', 'server']);
  await run('node', ['scripts/ensure-web-build.mjs', '--force']);
  await Promise.all([...checks, api, run('npx', ['vitest', 'run', '--project', 'e2e'])]);
}
