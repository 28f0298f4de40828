/**
 * How many browser-journey workers run, each with a server and database of its own (e2e/global-setup.ts):
 * DG_E2E_WORKERS, else 1 (the measured choice on the 2-core machine: docs/development.md).
 */
export function e2eWorkers(): number {
  const n = Number(process.env.DG_E2E_WORKERS ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
