/** A server of a file's own on a seeded embedded database, without seeding it again (server/test/global-setup.ts). */
import { inject } from 'vitest';
import { cpSync } from 'node:fs';
import path from 'node:path';

/**
 * Copies the run's seeded template database into `<dataDir>/pg`, where a server started with that DATA_DIR finds
 * it (its start then migrates and seeds nothing: the copy is current and flagged seeded). False on PostgreSQL, where
 * there is no template and the server seeds its own database.
 */
export function seededDataDir(dataDir: string): boolean {
  const template = inject('templatePgDir');
  if (!template) return false;
  cpSync(template, path.join(dataDir, 'pg'), { recursive: true });
  return true;
}
