/** How many test workers run at once, and which of the run's databases or servers a worker process uses. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** server-test workers: DG_SERVER_WORKERS, else 2 (vitest.config.ts; each has a database of its own when embedded) */
export const serverWorkers = () => Number(process.env.DG_SERVER_WORKERS) || 2;

/** the slot each directory gave this process: asked again, it answers the same, even one it shares */
const held = new Map<string, number>();

/**
 * The slot (0 … n - 1) this worker process holds in `dir`: the first one free, kept for the life of the process, so
 * that each worker uses a database (or server) of its own. VITEST_POOL_ID cannot say it: two workers of one project
 * have been seen with the same id. A process that holds none (more workers than slots) shares one.
 */
export function claimSlot(dir: string, n: number): number {
  const had = held.get(dir);
  if (had !== undefined) return had;
  let slot = process.pid % n;
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `worker-slot-${i}`);
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.once('exit', () => rmSync(file, { force: true }));
      slot = i;
      break;
    } catch {
      if (readFileSync(file, 'utf8') === String(process.pid)) { slot = i; break; }
    }
  }
  // a process that found every slot held shares one for its whole life: a slot freed later by a process ending must
  // not move it to another server mid-journey (its browser holds the first server's session)
  held.set(dir, slot);
  return slot;
}
