/**
 * Where attachments live on disk: `<dataDir>/files/yyyy/mm/<uuid>`, never a path the client chose (the original name
 * lives only in the database). A file is written under `<uuid>.part` and renamed once whole, so a file under its own
 * name is complete and never changes: a backup copies exactly those (ops/backup.ts).
 */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** the suffix of an attachment still being written */
export const PARTIAL = '.part';

/** a new attachment's path relative to `<dataDir>/files` (stored in attachment.storage_path) */
export function newStoragePath(now = new Date()): string {
  return path.posix.join(String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), randomUUID());
}

/** the directory of all attachments */
export const filesDir = (dataDir: string) => path.join(dataDir, 'files');

/** the file of a stored path */
export const storedFile = (dataDir: string, rel: string) => path.join(filesDir(dataDir), rel);

/** the attachments written whole, as paths relative to `dataDir` (`files/yyyy/mm/<uuid>`) */
export function wholeFiles(dataDir: string): string[] {
  return (readdirSync(filesDir(dataDir), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && !d.name.endsWith(PARTIAL))
    .map((d) => path.relative(dataDir, path.join(d.parentPath, d.name)));
}
