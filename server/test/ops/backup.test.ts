/**
 * `npm run backup` while the server takes writes, then `npm run restore FILE` into a fresh database and data
 * directory: every write confirmed before the backup began is there, and every attachment row has its file, byte for
 * byte. A second restore onto the now non-empty target is refused with a clear message. On PostgreSQL with
 * TEST_DATABASE_URL (pg_dump), else on the embedded database (through the running server's control socket).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../src/server.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { PG_BASE, createDb, dropDb, api, signIn } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ops-backup-'));
const cleanup: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
  rmSync(tmp, { recursive: true, force: true });
});

/** the operations command from the source, as `npm run backup|restore` runs it in a checkout */
function ops(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', ...args], {
      cwd: root, env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

async function start(config: Partial<Config>) {
  const s = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', loginCaptcha: false, serveWeb: false, logLevel: 'silent', jwtSecret: randomBytes(32).toString('hex'), ...config } as Config, { logger: false });
  cleanup.push(() => s.stop(1000));
  return s;
}

async function upload(s: RunningServer, token: string, content: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const r = await fetch(`${s.url}/api/zxxx/file/add`, { method: 'POST', headers: { authorization: token }, body: form });
  return (await r.json()) as { status: number; data: { id: string } };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe(PG_BASE ? 'backup and restore on PostgreSQL' : 'backup and restore on the embedded database', () => {
  it('a backup taken under writes restores every confirmed write and every attachment; a non-empty target is refused', { timeout: 600_000 }, async () => {
    const srcDir = path.join(tmp, 'src'), dstDir = path.join(tmp, 'dst'), outDir = path.join(tmp, 'backups');
    let srcUrl: string | undefined, dstUrl: string | undefined;
    if (PG_BASE) {
      const src = await createDb('bksrc'), dst = await createDb('bkdst');
      cleanup.push(() => dropDb(src.name), () => dropDb(dst.name));
      srcUrl = src.url; dstUrl = dst.url;
    }
    const s = await start({ databaseUrl: srcUrl, dataDir: srcDir, seedDemo: true });
    const token = await signIn(s.url);
    const run = `bk${Date.now()}`;
    const confirmed: string[] = [];
    const files = new Map<string, string>(); // attachment id → sha256, confirmed
    let stop = false;
    // writers 0–2 mostly add dictionary rows; writer 3 only uploads, so files are being added and written the whole
    // time the backup copies the attachments (a CI run once saw tar fail: "files/2026/11: file changed as we read it")
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        if (w === 3 || i % 4 === 3) {
          const content = randomBytes(1000 + Math.floor(Math.random() * 5000));
          const r = await upload(s, token, content, `附件${w}_${i}.pdf`).catch(() => null);
          if (r?.status === 200) files.set(r.data.id, sha(content));
        } else {
          const value = `${run}_${w}_${i}`;
          const r = await api(s.url, 'POST', '/api/admin/dict/addDict', { body: { name: '备份时写入', value }, token }).catch(() => null);
          if (r?.status === 200) confirmed.push(value);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(writer));
    while (confirmed.length < 30 || files.size < 5) await new Promise((r) => setTimeout(r, 50));
    const before = { writes: [...confirmed], files: new Map(files) };

    const env = { DATA_DIR: srcDir, ...(srcUrl ? { DATABASE_URL: srcUrl } : {}) };
    const b = await ops(['backup', '--out', outDir], env);
    const duringBackup = confirmed.length - before.writes.length;
    stop = true;
    await load;
    expect(b.err).toBe('');
    expect(b.code).toBe(0);
    const file = /backup written: (\S+)/.exec(b.out)?.[1];
    expect(file).toMatch(/dg-backup-\d{8}-\d{6}\.tar$/);
    expect(statSync(file!).size).toBeGreaterThan(0);

    const target = { DATA_DIR: dstDir, ...(dstUrl ? { DATABASE_URL: dstUrl } : {}) };
    const r = await ops(['restore', file!], target);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // a second restore onto what is no longer empty is refused, naming it
    const again = await ops(['restore', file!], target);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/不是空的.*not empty/);

    await s.stop(5000);
    const restored = await start({ databaseUrl: dstUrl, dataDir: dstDir, seedDemo: false });
    const q = async (text: string, params: unknown[] = []) => (await restored.database.pool.query(text, params)).rows;
    const stored = new Set((await q(`select value from base_dict where value like $1`, [`${run}_%`])).map((x) => x.value as string));
    expect(before.writes.filter((v) => !stored.has(v))).toEqual([]); // every write confirmed before the backup began
    // every attachment of the snapshot has its file, byte for byte; and those confirmed before the backup are there
    const rows = await q(`select id, storage_path, size from attachment`);
    const byId = new Map(rows.map((x) => [x.id as string, x]));
    for (const id of before.files.keys()) expect(byId.has(id)).toBe(true);
    for (const row of rows) {
      const content = readFileSync(path.join(dstDir, 'files', row.storage_path));
      expect(content.length).toBe(row.size);
      if (files.has(row.id)) expect(sha(content)).toBe(files.get(row.id));
    }
    // and the restored server serves them
    const t2 = await signIn(restored.url);
    const [someId, someSha] = [...before.files][0]!;
    const got = await fetch(`${restored.url}/api/zxxx/file/getAttachment/${someId}`, { headers: { authorization: t2 } });
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(someSha);
    console.log(`backup under load: ${before.writes.length} writes and ${before.files.size} files confirmed before it, ${duringBackup} writes during it; restored ${stored.size} writes, ${rows.length} attachments`);
  });
});
