import { readFileSync, writeFileSync } from 'node:fs';

/** the server process's resident memory now and its peak so far, in bytes (Linux /proc) */
export function processMemory(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch { return { rss: 0, peak: 0 }; }
}

/**
 * Starts the process's peak (VmHWM) over from its resident memory now (Linux: `5` written to /proc/<pid>/clear_refs), so
 * the peak read after a step is the step's own, including any spike between two samples. False when the kernel or
 * the permissions refuse it: the peak is then the process's lifetime one.
 */
export function resetPeak(pid: number): boolean {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); return true; } catch { return false; }
}
