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

// Each run is the leader of a process group of its own, so that stopping it reaches what it started: SIGTERM to npx
// alone leaves vitest, its workers and their embedded databases running on, past this process and the checkout CI
// removes after it (a server file once failed there because its migrations had been deleted under it).
const running = new Set();
const stopGroup = (child, signal) => { try { process.kill(-child.pid, signal); } catch { /* already gone */ } };
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const others = [...running];
  for (const other of others) stopGroup(other, 'SIGTERM');
  // a group that has not gone in 10 s is killed; its leader's exit is what is waited for
  const kill = setTimeout(() => { for (const other of others) stopGroup(other, 'SIGKILL'); }, 10_000);
  Promise.all(others.map((other) => (other.exitCode !== null || other.signalCode ? null : new Promise((done) => other.once('exit', done)))))
    .then(() => { clearTimeout(kill); for (const other of others) stopGroup(other, 'SIGKILL'); process.exit(code); });
}
// Ctrl-C or a CI's SIGTERM stops the groups too (they do not share this terminal's process group)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(130));
const run = (cmd, args) => new Promise((resolve) => {
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env, detached: true });
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (code === 0) return resolve();
    console.error(`\n${cmd} ${args.join(' ')}: ${signal ?? `exit ${code}`}`);
    stopAll(code || 1);
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
