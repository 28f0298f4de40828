/**
 * vue-element-admin src/utils/error-log.js: errors of the running app go into the error log store
 * when the build's mode is one of ERROR_LOG_ENVS (on in production). Component errors come
 * from the ErrorBoundary around AppMain; the rest from window error / unhandledrejection.
 */
import { RequestError } from '../api/request.ts';
import { ERROR_LOG_ENVS } from '../store/settings.ts';
import { useErrorLogStore } from '../store/errorLog.ts';

const enabled = () => ERROR_LOG_ENVS.includes(import.meta.env.MODE);

export function logError(err: unknown, component: string): void {
  const e = err instanceof Error ? err : new Error(typeof err === 'string' ? err : JSON.stringify(err));
  console.error(e);
  if (!enabled()) return;
  // a failed call was already told to the user by the request client
  if (e instanceof RequestError && e.handled) return;
  useErrorLogStore.getState().addErrorLog({ message: e.message, component, url: window.location.href, stack: e.stack ?? '' });
}

let installed = false;
export function installErrorLog(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (ev) => {
    // ResizeObserver loop warnings are benign browser noise
    if (/ResizeObserver loop/.test(ev.message)) return;
    const where = ev.filename ? `${ev.filename.split('/').pop()}:${ev.lineno}:${ev.colno}` : 'window.onerror';
    logError(ev.error ?? ev.message, where);
  });
  window.addEventListener('unhandledrejection', (ev) => {
    logError(ev.reason, 'unhandledrejection');
  });
}
