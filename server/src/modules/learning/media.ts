/**
 * A chapter's video length, read from the file's own header when the chapter is saved: the watched share of a video is
 * measured against it, so it must not come from the player. MP4 keeps it in the movie header box (`mvhd`, at the start
 * of a file written for streaming, else at its end); WebM in the segment's Info element (Duration × TimecodeScale).
 * Only the head and tail of the file are read, never the whole.
 */
import { open, copyFile, chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { App } from '../../platform/context.ts';
import { FILE_MODE, filesDir, storedFile } from '../../platform/attachment-store.ts';

const PROBE_BYTES = 256 * 1024;

async function headAndTail(file: string): Promise<Buffer[]> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const read = async (pos: number) => {
      const buf = Buffer.alloc(Math.min(PROBE_BYTES, size - pos));
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      return buf.subarray(0, bytesRead);
    };
    const head = await read(0);
    return size > PROBE_BYTES ? [head, await read(Math.max(PROBE_BYTES, size - PROBE_BYTES))] : [head];
  } finally {
    await fh.close();
  }
}

function mp4Duration(buf: Buffer): number | null {
  const i = buf.indexOf('mvhd', 0, 'latin1');
  if (i < 4 || i + 36 > buf.length) return null;
  const v = buf[i + 4];
  const scale = v === 1 ? buf.readUInt32BE(i + 24) : buf.readUInt32BE(i + 16);
  const units = v === 1 ? Number(buf.readBigUInt64BE(i + 28)) : buf.readUInt32BE(i + 20);
  return scale > 0 ? units / scale : null;
}

/** an EBML variable-length number at `pos`: its length and value (`keepMarker` for element IDs) */
function vint(buf: Buffer, pos: number, keepMarker: boolean): { len: number; value: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  const len = Math.clz32(first) - 23;
  if (pos + len > buf.length || len > 8) return null;
  let value = keepMarker ? first : first & (0xff >> len);
  for (let k = 1; k < len; k++) value = value * 256 + buf[pos + k]!;
  return { len, value };
}

const INFO = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
/** the Info element's ID also appears inside the SeekHead that points at it: each place is tried until one parses */
function webmDuration(buf: Buffer): number | null {
  for (let at = buf.indexOf(INFO); at >= 0; at = buf.indexOf(INFO, at + 1)) {
    const d = infoDuration(buf, at);
    if (d !== null) return d;
  }
  return null;
}

function infoDuration(buf: Buffer, at: number): number | null {
  const size = vint(buf, at + 4, false);
  if (!size) return null;
  let pos = at + 4 + size.len;
  const end = Math.min(buf.length, pos + size.value);
  let scale = 1_000_000;
  let duration: number | null = null;
  while (pos < end) {
    const id = vint(buf, pos, true);
    const len = id && vint(buf, pos + id.len, false);
    if (!id || !len) return null;
    const data = pos + id.len + len.len;
    if (data + len.value > buf.length) return null;
    if (id.value === 0x2ad7b1) scale = buf.readUIntBE(data, Math.min(6, len.value));
    if (id.value === 0x4489) duration = len.value === 4 ? buf.readFloatBE(data) : len.value === 8 ? buf.readDoubleBE(data) : null;
    pos = data + len.value;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}

/** the video's length in whole seconds (at least 1), or null when the header does not say */
export async function videoSeconds(file: string, mime: string): Promise<number | null> {
  const parts = await headAndTail(file);
  for (const buf of parts) {
    const d = mime === 'video/webm' ? webmDuration(buf) : mp4Duration(buf);
    if (d !== null && Number.isFinite(d) && d > 0) return Math.max(1, Math.round(d));
  }
  return null;
}

/**
 * The demo chapters' files (./demo-media, made by its make.sh) are attachments stored under `<dataDir>/files/demo/learning/`;
 * a server copies any that are missing there when it starts, so a data directory seeded elsewhere (a test's copy) serves them too.
 */
export const DEMO_MEDIA_DIR = path.join(import.meta.dirname, 'demo-media');
export const DEMO_PREFIX = 'demo/learning/';

/** copies the demo chapters' files into this data directory where they are missing */
export async function ensureDemoMedia(app: App) {
  const r = await app.ctx.database.db.execute<{ storage_path: string }>(sql`select distinct storage_path from attachment where storage_path like ${DEMO_PREFIX + '%'}`);
  for (const { storage_path: rel } of r.rows) {
    const to = storedFile(app.ctx.config.dataDir, rel);
    if (await stat(to).then(() => true, () => false)) continue;
    await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await chmod(filesDir(app.ctx.config.dataDir), 0o700);
    await copyFile(path.join(DEMO_MEDIA_DIR, path.basename(rel)), to);
    await chmod(to, FILE_MODE);
  }
}
