import { readFileSync } from 'node:fs';

/** the server process's resident memory now and its peak so far, in bytes (Linux /proc) */
export function processMemory(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch { return { rss: 0, peak: 0 }; }
}

