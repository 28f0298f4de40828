/** The root route's element: page title, the progress bar and the full-screen loading overlay around every page. */
import { useEffect } from 'react';
import { Spin } from 'antd';
import { Outlet, useNavigation } from 'react-router';
import { useAppStore } from '../store/app.ts';
import { useSettingsStore } from '../store/settings.ts';
import getPageTitle from '../utils/getPageTitle.ts';
import { progressDone, progressReset, progressStart } from './progress.ts';
import { useRouteMeta } from './routeMeta.ts';

function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    progressStart();
    return () => progressDone();
  }, [busy]);
  // the first load started the bar in bootstrap
  useEffect(() => progressReset(), []);
  return null;
}

function PageTitle() {
  const { title } = useRouteMeta();
  const productTitle = useSettingsStore((s) => s.title);
  useEffect(() => {
    document.title = getPageTitle(title);
  }, [title, productTitle]);
  return null;
}

/** spec §7: a full-screen overlay while an add/edit/save/update call is out */
function GlobalLoading() {
  const loading = useAppStore((s) => s.loadingCount > 0);
  return <Spin fullscreen spinning={loading} description="加载中…" data-testid="global-loading" />;
}

export default function Root() {
  return (
    <>
      <NavigationProgress />
      <PageTitle />
      <GlobalLoading />
      <Outlet />
    </>
  );
}
