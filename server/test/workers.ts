/** How many server-test workers run at once: DG_SERVER_WORKERS, else 2 (vitest.config.ts; each has a database of its own when embedded). */
export const serverWorkers = () => Number(process.env.DG_SERVER_WORKERS) || 2;
