// The embedded database: PGlite served over the PostgreSQL wire protocol in its own process, so
// heavy queries never block the API's event loop and the API speaks to it with `pg` exactly as
// it speaks to a real PostgreSQL (without DATABASE_URL the server starts this; docs/deploy.md).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const dir = process.argv[2];
fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
// pg_trgm: 'contains' searches (plate, name) use trigram indexes, as on PostgreSQL
const db = await PGlite.create(dir, { extensions: { pg_trgm } });
// the calendar of the business: CURRENT_DATE, a date of a timestamp and a month's partition are China's
await db.exec(`SET TIME ZONE 'Asia/Shanghai'`);
// No TCP port: PGlite accepts any login, so the database is reached only through a Unix socket in a directory
// only this OS user can enter (mkdtemp makes it 0700; the socket itself is 0600). The socket file is named as
// PostgreSQL names its own, so `pg` finds it from the directory and the port.
const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-pg-'));
const socketPath = path.join(socketDir, '.s.PGSQL.5432');
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 });
// pglite-socket queues each wire message on its own and, outside a transaction, serves the
// queue in arrival order. PGlite is a single session, so two connections' extended-protocol
// messages (Parse, Bind, Describe, Execute … Sync) interleave and one connection's Bind meets
// the other's unnamed statement: wrong rows or protocol errors under concurrency. Keep one
// connection's messages together from its first Parse/Bind until its Sync.
const CONTINUES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]); // P B D E C H
const queue = server.queryQueue;
let sticky = null;
queue.processQueue = async function processQueue() {
  if (this.processing || this.queue.length === 0) return;
  this.processing = true;
  try {
    while (this.queue.length > 0) {
      const owner = sticky ?? (this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : null);
      const idx = owner == null ? 0 : this.queue.findIndex((m) => m.handlerId === owner);
      if (idx === -1) break; // the owner's next message has not arrived yet: its enqueue restarts us
      const item = this.queue.splice(idx, 1)[0];
      let bytes = 0;
      try {
        await this.db.runExclusive(() => this.db.execProtocolRawStream(item.message, { onRawData: (d) => { bytes += d.length; item.onData(d); } }));
      } catch (err) {
        sticky = null;
        item.reject(err);
        continue;
      }
      this.lastHandlerId = item.handlerId;
      sticky = CONTINUES.has(item.message[0]) ? item.handlerId : null;
      item.resolve(bytes);
    }
  } finally {
    this.processing = false;
  }
};
const clearForHandler = queue.clearQueueForHandler.bind(queue);
queue.clearQueueForHandler = (id) => {
  clearForHandler(id);
  if (sticky === id) { sticky = null; queueMicrotask(() => queue.processQueue()); }
};
await server.start();
fs.chmodSync(socketPath, 0o600);

// `npm run backup` while the server runs: a control socket in the same 0700 directory, its path written next to the
// data directory (<DATA_DIR>/pg.control, 0600). One JSON line {"dump": "<file>"} writes a consistent copy of the data
// directory (PGlite's dumpDataDir, gzip tar) between two statements and outside any transaction; the answer is one
// JSON line {"ok": true} or {"error": "…"}.
const controlPath = path.join(socketDir, 'control.sock');
const controlFile = `${dir}.control`;
const control = net.createServer((conn) => {
  let buf = '';
  let asked = false;
  conn.on('error', () => {});
  conn.on('data', async (d) => {
    buf += d;
    if (asked || !buf.includes('\n')) return;
    asked = true;
    let answer;
    try {
      const { dump } = JSON.parse(buf.slice(0, buf.indexOf('\n')));
      if (typeof dump !== 'string' || !path.isAbsolute(dump)) throw new Error('dump: an absolute file path is required');
      for (let i = 0; db.isInTransaction(); i++) {
        if (i > 6000) throw new Error('a transaction stayed open for 60 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      await db.exec('CHECKPOINT');
      const blob = await db.dumpDataDir('gzip');
      fs.writeFileSync(dump, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      answer = { ok: true, bytes: blob.size };
    } catch (err) {
      answer = { error: String(err?.message ?? err) };
    }
    conn.end(JSON.stringify(answer) + '\n');
  });
});
await new Promise((resolve) => control.listen(controlPath, resolve));
fs.chmodSync(controlPath, 0o600);
fs.writeFileSync(controlFile, controlPath + '\n', { mode: 0o600 });
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try { fs.rmSync(controlFile, { force: true }); control.close(); } catch {}
  try { await server.stop(); } catch {}
  try { await db.close(); } catch {}
  fs.rmSync(socketDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (m) => { if (m === 'stop') stop(); });
process.on('disconnect', stop);
// Ctrl-C, systemd and Docker signal the whole process group. While the API process is there it stops first
// (in-flight requests finish, then it closes its pool and sends 'stop'): a signal alone must not pull the
// database from under its writes. Alone (the parent gone), a signal stops at once.
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => { if (!process.connected) stop(); });
process.send?.({ socketDir });
