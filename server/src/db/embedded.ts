import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface EmbeddedPostgres { url: string; stop(): Promise<void>; child: ChildProcess }

/**
 * Starts PGlite in a child process on `dir` and resolves with a postgres:// URL for `pg`: a Unix socket in a
 * directory only this OS user can enter (no TCP port: PGlite itself accepts any login).
 */
export function startEmbeddedPostgres(dir: string): Promise<EmbeddedPostgres> {
  const script = path.join(import.meta.dirname, 'embedded-server.mjs');
  const child = fork(script, [dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let stopping = false;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`embedded database exited (${code}) before it was ready`));
    child.once('exit', onExit);
    // a failed spawn before it is ready; after that, a message that cannot be sent (the child gone): logged, never
    // an unhandled 'error' ending the server, whose requests answer 503 while the database is not there
    child.on('error', (err) => {
      reject(err); // nothing once it is ready
      console.error(`embedded database process: ${err.message}`);
    });
    child.once('message', (m: { socketDir: string }) => {
      child.off('exit', onExit);
      child.once('exit', (code, signal) => {
        if (!stopping) console.error(`embedded database process exited unexpectedly (${signal ?? code}): requests answer 503 until the server is restarted`);
      });
      const stop = () => new Promise<void>((done) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => { clearTimeout(t); done(); });
        if (child.connected) child.send('stop');
        else child.kill('SIGTERM');
      });
      resolve({ url: `postgres://postgres@${encodeURIComponent(m.socketDir)}/postgres`, stop, child });
    });
  });
}
