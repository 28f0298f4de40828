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
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`embedded database exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.once('message', (m: { socketDir: string }) => {
      child.off('exit', onExit);
      const stop = () => new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => { clearTimeout(t); done(); });
        child.send('stop');
      });
      resolve({ url: `postgres://postgres@${encodeURIComponent(m.socketDir)}/postgres`, stop, child });
    });
  });
}
