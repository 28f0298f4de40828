/**
 * Where attachments live on disk: `<dataDir>/files/yyyy/mm/<uuid>`, never a path the client chose (the original name
 * lives only in the database). A file is written under `<uuid>.part` and renamed once whole, so a file under its own
 * name is complete and never changes: a backup copies exactly those (ops/backup.ts). Its bytes and then its name are
 * flushed to the disk before its row is written, so a row never names a file a full disk, a failed write or a power
 * cut took away; a write that fails leaves neither the file nor the row.
 * Only the server's OS user reads them: the directories are 0700 and the files 0600, whatever the umask.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { chmod, mkdir, open, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { FILES_FULL, FILES_UNWRITABLE, UNAVAILABLE, ApiError } from './errors.ts';

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

/**
 * Writes `stream` to a new file (`wx`: never over another), flushed to the disk when `flush`. The file is opened
 * before the first byte is read, so a body that breaks at once cannot leave it behind: a stream that opens its file
 * by itself may create it after the cleanup of the failed write has run. A failed write removes the file and rethrows.
 */
export async function streamToNewFile(stream: Readable, file: string, mode: number, flush = false): Promise<void> {
  const fh = await open(file, 'wx', mode);
  try {
    // the stream closes the handle, also when it is destroyed (pipeline waits for that close)
    await pipeline(stream, fh.createWriteStream({ flush }));
  } catch (err) {
    await unlink(file).catch(() => {});
    throw err;
  }
}

/** flushes a directory's entries (a file renamed into it) to the disk; a file system that cannot sync a directory has nothing to flush */
export async function syncDir(dir: string): Promise<void> {
  const fd = await open(dir, 'r');
  try {
    await fd.sync().catch((err: NodeJS.ErrnoException) => { if (err.code !== 'EINVAL' && err.code !== 'EBADF') throw err; });
  } finally { await fd.close(); }
}

/**
 * The refusal of an upload the files directory could not take, or null when `err` is not the file system's: a 503
 * envelope (the request was fine; the server cannot store files until an operator frees space or mends the directory).
 */
export function storageRefusal(err: unknown): ApiError | null {
  const e = err as NodeJS.ErrnoException | null;
  if (!e || typeof e !== 'object' || typeof e.syscall !== 'string' || typeof e.code !== 'string') return null;
  return new ApiError(UNAVAILABLE, e.code === 'ENOSPC' || e.code === 'EDQUOT' ? FILES_FULL : FILES_UNWRITABLE, UNAVAILABLE);
}
