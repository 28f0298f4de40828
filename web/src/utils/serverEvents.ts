/**
 * Live updates from the server (GET /api/events, Server-Sent Events read through fetch so the token goes in the
 * Authorization header): each `change` names the resource keys that changed, and the queries of those keys are
 * invalidated (app/live.ts), so the bell, the board and open lists and details refetch within moments of a notice, a
 * message or a waybill step — no faster polling. Changes are gathered and applied at most every few seconds (a
 * province's board hears every waybill step in it). A dropped stream reconnects after a pause that grows to 30 s; on
 * reconnecting, everything refetches once (what changed meanwhile was missed).
 */
import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys } from '../app/live';
import { getToken } from './auth';

/** changes heard within this long of the last ones applied wait for it to pass */
const GATHER_MS = 3000;

export function startServerEvents(queryClient: QueryClient): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let delay = 1000;
  let connectedBefore = false;

  const pending = new Set<string>();
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = () => {
    timer = undefined;
    last = Date.now();
    const keys = [...pending];
    pending.clear();
    void invalidateKeys(queryClient, keys, { remote: true });
  };
  const changed = (keys: readonly string[]) => {
    for (const k of keys) pending.add(k);
    if (!timer) timer = setTimeout(apply, Math.max(0, last + GATHER_MS - Date.now()));
  };

  const handle = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') {
      delay = 1000;
      // missed while away
      if (connectedBefore) void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
      connectedBefore = true;
    } else if (event === 'change') {
      try {
        const { keys } = JSON.parse(data) as { keys?: unknown };
        if (Array.isArray(keys)) changed(keys.filter((k): k is string => typeof k === 'string'));
      } catch { /* not a change this client reads */ }
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
  return () => { stopped = true; controller?.abort(); if (timer) clearTimeout(timer); };
}
