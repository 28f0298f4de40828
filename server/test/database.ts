/** Which database a server-test worker uses (server/test/global-setup.ts makes them). */
import { inject } from 'vitest';
import { claimSlot } from './workers.ts';

/** this worker's database: its own embedded one, or the PostgreSQL every worker shares */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  return urls.length === 1 ? urls[0]! : urls[claimSlot(inject('workerSlots'), urls.length)]!;
}
