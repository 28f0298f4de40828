/**
 * Live updates from the server (GET /api/events, Server-Sent Events read through fetch so the token goes in the
 * Authorization header): each `change` becomes the data-change signal (utils/dataChange.ts), so the bell, the
 * dashboard and open lists refetch within moments of a notice, a message or a waybill step — no faster polling.
 * A dropped stream reconnects after a pause that grows to 30 s; on reconnecting, everything refetches once (what
 * changed meanwhile was missed).
 */
import { getToken } from './auth';
import { emitDataChanged } from './dataChange';

export function startServerEvents(): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let delay = 1000;
  let connectedBefore = false;

  const handle = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') {
      delay = 1000;
      if (connectedBefore) emitDataChanged(); // missed while away
      connectedBefore = true;
    } else if (event === 'change') {
      try { emitDataChanged((JSON.parse(data) as { topic?: string }).topic); } catch { emitDataChanged(); }
    }
  };

  const run = async () => {
    while (!stopped) {
      const token = getToken();
      if (!token) return;
      controller = new AbortController();
      try {
        const res = await fetch('/api/events', { headers: { Authorization: token, Accept: 'text/event-stream' }, signal: controller.signal, cache: 'no-store' });
        if (res.status === 401) return; // signed out: the shell handles it
        if (!res.ok || !res.body) throw new Error(String(res.status));
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) { handle(buffer.slice(0, end)); buffer = buffer.slice(end + 2); }
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void run();
  return () => { stopped = true; controller?.abort(); };
}
