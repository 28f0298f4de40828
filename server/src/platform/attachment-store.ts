/**
 * Where attachments live on disk: `<dataDir>/files/yyyy/mm/<uuid>`, never a path the client chose (the original name
 * lives only in the database). A file is written under `<uuid>.part` and renamed once whole, so a file under its own
 * name is complete and never changes: a backup copies exactly those (ops/backup.ts).
 * Only the server's OS user reads them: the directories are 0700 and the files 0600, whatever the umask.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
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

/** the mode of an attachment's file */
export const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * Makes the directory of a new attachment's stored path, and the files directory, 0700. The files directory is
 * closed again on every upload: one made by an earlier version (0755 under the default umask) keeps its other files
 * from other users too.
 */
export async function makeStorageDir(dataDir: string, rel: string): Promise<void> {
  const root = filesDir(dataDir);
  await mkdir(root, { recursive: true, mode: DIR_MODE });
  await chmod(root, DIR_MODE);
  await mkdir(path.dirname(storedFile(dataDir, rel)), { recursive: true, mode: DIR_MODE });
}

/** the attachments written whole, as paths relative to `dataDir` (`files/yyyy/mm/<uuid>`) */
export function wholeFiles(dataDir: string): string[] {
  return (readdirSync(filesDir(dataDir), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile() && !d.name.endsWith(PARTIAL))
    .map((d) => path.relative(dataDir, path.join(d.parentPath, d.name)));
}
