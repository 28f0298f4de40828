/** vue-element-admin layout/index.vue: sidebar, navbar, tags view, app main and the settings panel. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MOBILE_BREAKPOINT } from '@dg/core';
import { useAppStore } from '../store/app.ts';
import { useSettingsStore } from '../store/settings.ts';
import AppMain from './components/AppMain.tsx';
import Navbar from './components/Navbar/index.tsx';
import Sidebar from './components/Sidebar/index.tsx';
import TagsView from './components/TagsView/index.tsx';
import { startServerEvents } from '../utils/serverEvents.ts';
import './layout.css';

const isMobile = () => document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;

/** layout/mixin/ResizeHandler.js: mobile under 992 px, where the sidebar closes */
function useResizeHandler() {
  const { pathname } = useLocation();
  useEffect(() => {
    const app = useAppStore.getState();
    if (app.device === 'mobile' && app.sidebar.opened) app.closeSideBar(false);
  }, [pathname]);
  useEffect(() => {
    const apply = () => {
      const mobile = isMobile();
      const app = useAppStore.getState();
      if ((app.device === 'mobile') !== mobile) app.toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && app.sidebar.opened) app.closeSideBar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

export default function Layout() {
  useResizeHandler();
  // live updates while the shell is shown (signed in)
  const queryClient = useQueryClient();
  useEffect(() => startServerEvents(queryClient), [queryClient]);
  const sidebar = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const { tagsView, fixedHeader } = useSettingsStore();

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation ? 'withoutAnimation' : '',
    device === 'mobile' ? 'mobile' : '',
  ].filter(Boolean).join(' ');

  return (
    <div className={classes} data-testid="layout">
      {device === 'mobile' && sidebar.opened && <div className="drawer-bg" data-testid="sidebar-mask" onClick={() => closeSideBar(false)} />}
      <Sidebar />
      <div className={`main-container${tagsView ? ' hasTagsView' : ''}`}>
        <div className={fixedHeader ? 'fixed-header' : ''}>
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
    </div>
  );
}
