/**
 * An upload the files directory cannot take is refused with the Chinese 503 envelope and leaves neither a row nor a
 * file: through the real write path of a test app, its own `<dataDir>/files` made
 * - unwritable by putting a plain file where the directory is (every write under it fails with ENOTDIR: a mode of
 *   0500 stops no one here, the tests run as root, and the server makes its files directory 0700 again on each upload);
 * - full, a 64 KiB tmpfs mounted on it, and read-only, that tmpfs remounted `ro` — where `mount` works (root with
 *   CAP_SYS_ADMIN); a machine without it runs the first case only.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { multipart } from './util.ts';
import { FILES_FULL, FILES_UNWRITABLE } from '../../src/platform/errors.ts';

let t: TestApp;
let dataDir: string;
let files: string;
let mounted = false;
const mount = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8' });
afterAll(() => {
  if (mounted) spawnSync('umount', ['-l', files]);
  rmSync(dataDir, { recursive: true, force: true });
});
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dg-files-storage-'));
  files = path.join(dataDir, 'files');
  t = await testApp({ dataDir });
});

/** an upload as the user sends it: the HTTP status and the envelope */
async function upload(filename: string, content: Buffer | string) {
  const { payload, headers } = multipart(filename, content);
  const r = await t.app.inject({ method: 'POST', url: '/api/zxxx/file/add', headers: { ...headers, authorization: await t.token('qiye') }, payload });
  return { http: r.statusCode, ...(r.json() as { status: number; message: string; data: { id: string } | null }) };
}
/** every file under the files directory, `.part` files included */
const onDisk = (dir = files) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(path.join(dir, f)).isFile()).sort();
const rowsNamed = async (name: string) => (await t.sql(`select id from attachment where name = $1`, [name])).length;

describe('a files directory that cannot take an upload', () => {
  it('unwritable (a file where the directory is): refused 503 文件保存失败…, no row, no file; stored again once it is mended', async () => {
    // one upload first: the app is ready and the directory made
    expect((await upload(`${uid('先')}.txt`, 'x')).status).toBe(200);
    const before = onDisk();
    renameSync(files, `${files}.away`);
    writeFileSync(files, '');
    try {
      const name = `${uid('证照')}.pdf`;
      expect(await upload(name, '%PDF-1.4 '.repeat(1000))).toEqual({ http: 503, status: 503, message: FILES_UNWRITABLE, data: null });
      expect(await rowsNamed(name)).toBe(0);
    } finally {
      rmSync(files);
      renameSync(`${files}.away`, files);
    }
    expect(onDisk()).toEqual(before);
    const name = `${uid('证照')}.pdf`;
    const ok = await upload(name, '%PDF-1.4');
    expect(ok).toMatchObject({ http: 200, status: 200 });
    const [row] = await t.sql(`select storage_path from attachment where id = $1`, [ok.data!.id]);
    expect(onDisk()).toEqual([...before, row.storage_path].sort());
  });

  const canMount = process.getuid?.() === 0 && (() => {
    const probe = mkdtempSync(path.join(os.tmpdir(), 'dg-mount-probe-'));
    const r = mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe);
    if (r.status === 0) spawnSync('umount', [probe]);
    rmSync(probe, { recursive: true, force: true });
    return r.status === 0;
  })();

  it.skipIf(!canMount)(`full (a 64 KiB tmpfs), then read-only: refused 503 with its reason, nothing left behind${canMount ? '' : ' (skipped: mount is not permitted here)'}`, async () => {
    rmSync(files, { recursive: true, force: true });
    mkdirSync(files, { mode: 0o700 });
    expect(mount('-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', files).status).toBe(0);
    mounted = true;

    // 200 KB does not fit: the disk fills in the middle of the write
    const big = `${uid('大')}.pdf`;
    expect(await upload(big, Buffer.alloc(200_000, 0x41))).toEqual({ http: 503, status: 503, message: FILES_FULL, data: null });
    expect(await rowsNamed(big)).toBe(0);
    expect(onDisk()).toEqual([]);
    // the part written before the disk filled is gone, so a small file fits
    const small = `${uid('小')}.pdf`;
    const ok = await upload(small, '%PDF-1.4 small');
    expect(ok).toMatchObject({ http: 200, status: 200 });
    const [row] = await t.sql(`select storage_path from attachment where id = $1 and name = $2`, [ok.data!.id, small]);
    expect(onDisk()).toEqual([row.storage_path]);
    const got = await t.call('GET', `/api/zxxx/file/getAttachment/${ok.data!.id}`, { as: 'qiye' });
    expect([got.http, got.raw.toString()]).toEqual([200, '%PDF-1.4 small']);

    // read-only: refused, and what was stored is still served
    expect(mount('-o', 'remount,ro', files).status).toBe(0);
    const ro = `${uid('只读')}.pdf`;
    expect(await upload(ro, '%PDF-1.4')).toEqual({ http: 503, status: 503, message: FILES_UNWRITABLE, data: null });
    expect(await rowsNamed(ro)).toBe(0);
    expect(onDisk()).toEqual([row.storage_path]);
    expect((await t.call('GET', `/api/zxxx/file/getAttachment/${ok.data!.id}`, { as: 'qiye' })).http).toBe(200);
  });
});
