/** Starts one entry page: dayjs locale, error log, public config, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import './base.css';
import { installErrorLog } from '../utils/errorLog.ts';
import { loadPublicConfig } from './session.ts';
import { progressStart } from './progress.ts';
import App from './App.tsx';
import { setEntry, type EntryConfig } from './entry.ts';
import { createAppRouter } from './router.tsx';

/**
 * `kind` is set before anything reads the entry (cookie names, API prefix, router kind): the
 * shared chunks are evaluated before an entry file's own code, so nothing may read it at import.
 */
export function bootstrap(kind: EntryConfig['kind']): void {
  setEntry(kind);
  dayjs.locale('zh-cn');
  installErrorLog();
  progressStart();
  void loadPublicConfig();
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
