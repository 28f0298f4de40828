/**
 * How many browser-journey workers run, each with a server and database of its own (e2e/global-setup.ts):
 * DG_E2E_WORKERS, else 3: a journey mostly waits (for the page, the server, an animation) rather than computes, so
 * three share the 2-core machine well, beside the server project (measured: docs/bench.md, The test run).
 */
export function e2eWorkers(): number {
  const n = Number(process.env.DG_E2E_WORKERS ?? 3);
  return Number.isInteger(n) && n >= 1 ? n : 3;
}
