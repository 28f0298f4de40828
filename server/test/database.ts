/** Which database a server-test worker uses (server/test/global-setup.ts makes them). */
import { inject } from 'vitest';

/** this worker's database: its own embedded one, or the PostgreSQL every worker shares */
export function testDatabaseUrl(): string {
  const urls = inject('databaseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}
