/** The root route's element: page title and the progress bar around every page (the loading overlay is AntdRoot's). */
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
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

export default function Root() {
  return (
    <>
      <NavigationProgress />
      <PageTitle />
      <Outlet />
    </>
  );
}
