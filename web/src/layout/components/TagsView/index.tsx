/**
 * layout/components/TagsView (vue-element-admin's): a tab per visited page, 首页 fixed; middle
 * click closes; right click offers 刷新 / 关闭 / 关闭其它 / 关闭所有.
 */
import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { computeRouteMeta, type RouteHandle } from '../../../app/routeMeta.ts';
import { getRouter, type AppRouter } from '../../../app/routerInstance.ts';
import { usePermissionStore } from '../../../store/permission.ts';
import { useTagsViewStore, type TagView } from '../../../store/tagsView.ts';

export const AFFIX_TAGS: TagView[] = [{ path: '/dashboard', fullPath: '/dashboard', search: '', title: '首页', name: 'dashboard', affix: true }];

interface MenuState {
  visible: boolean;
  left: number;
  top: number;
  tag: TagView | null;
}

export default function TagsView() {
  const location = useLocation();
  const navigate = useNavigate();
  const visitedViews = useTagsViewStore((s) => s.visitedViews);
  const containerRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuState>({ visible: false, left: 0, top: 0, tag: null });

  const isActive = (tag: TagView) => tag.path === location.pathname;
  /**
   * For an action (关闭 …): the router's location now. The render's `location` lags while a navigation's page is still
   * loading (React keeps the last screen during the transition), and closing the tab of the page being opened must
   * still move to another one.
   */
  const isCurrent = (tag: TagView) => tag.path === (getRouter()?.state.location.pathname ?? location.pathname);

  // initTags: the fixed tabs
  useEffect(() => {
    const store = useTagsViewStore.getState();
    for (const t of AFFIX_TAGS) store.addVisitedView(t);
  }, []);

  // addTags on every completed navigation. Followed on the router itself, not on renders: React
  // may skip rendering a page the user clicked past, and its tab would be lost.
  useEffect(() => {
    const router = getRouter();
    if (!router) return;
    const add = (state: AppRouter['state']) => {
      if (state.navigation.state !== 'idle') return;
      const { pathname, search } = state.location;
      const handle = [...state.matches].reverse().find((m) => m.route.handle)?.route.handle as RouteHandle | undefined;
      const meta = computeRouteMeta(pathname, handle, usePermissionStore.getState().routes);
      if (meta.noTag) return;
      const view: TagView = { path: pathname, fullPath: pathname + search, search, title: meta.title, name: meta.menuCode ?? pathname };
      const store = useTagsViewStore.getState();
      const existing = store.visitedViews.find((v) => v.path === view.path);
      if (!existing) store.addView(view);
      else if (existing.fullPath !== view.fullPath || existing.title !== view.title) store.updateVisitedView(view);
    };
    add(router.state);
    return router.subscribe(add);
  }, []);

  // moveToCurrentTag
  useEffect(() => {
    requestAnimationFrame(() => {
      const el = wrapperRef.current?.querySelector<HTMLElement>('.tags-view-item.active');
      el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
  }, [location.pathname, visitedViews.length]);

  // the context menu closes on any click and on scroll
  useEffect(() => {
    if (!menu.visible) return;
    const close = () => setMenu((m) => ({ ...m, visible: false }));
    document.body.addEventListener('click', close);
    const wrapper = wrapperRef.current;
    wrapper?.addEventListener('scroll', close);
    return () => {
      document.body.removeEventListener('click', close);
      wrapper?.removeEventListener('scroll', close);
    };
  }, [menu.visible]);

  const toLastView = (views: TagView[], closed: TagView) => {
    const latest = views[views.length - 1];
    if (latest) navigate(latest.fullPath);
    else if (closed.path === '/dashboard') navigate('/redirect' + closed.fullPath, { replace: true });
    else navigate('/');
  };

  const refreshSelectedTag = (tag: TagView) => {
    useTagsViewStore.getState().delCachedView(tag);
    navigate('/redirect' + tag.fullPath, { replace: true });
  };
  const closeSelectedTag = (tag: TagView) => {
    if (tag.affix) return;
    const { visitedViews: rest } = useTagsViewStore.getState().delView(tag);
    if (isCurrent(tag)) toLastView(rest, tag);
  };
  const closeOthersTags = (tag: TagView) => {
    if (!isCurrent(tag)) navigate(tag.fullPath);
    useTagsViewStore.getState().delOthersViews(tag);
  };
  const closeAllTags = (tag: TagView) => {
    const { visitedViews: rest } = useTagsViewStore.getState().delAllViews();
    if (AFFIX_TAGS.some((t) => t.path === tag.path) && isCurrent(tag)) return;
    toLastView(rest, tag);
  };

  const openMenu = (tag: TagView, e: ReactMouseEvent) => {
    e.preventDefault();
    const menuMinWidth = 105;
    const rect = containerRef.current?.getBoundingClientRect();
    const offsetLeft = rect?.left ?? 0;
    const offsetWidth = containerRef.current?.offsetWidth ?? window.innerWidth;
    const maxLeft = offsetWidth - menuMinWidth;
    const left = Math.min(e.clientX - offsetLeft + 15, maxLeft);
    setMenu({ visible: true, left: left + offsetLeft, top: e.clientY, tag });
  };

  const act = (fn: (t: TagView) => void) => () => {
    if (menu.tag) fn(menu.tag);
    setMenu((m) => ({ ...m, visible: false }));
  };

  return (
    <div className="tags-view-container" ref={containerRef} data-testid="tags-view">
      <div
        className="tags-view-wrapper"
        ref={wrapperRef}
        onWheel={(e) => {
          if (wrapperRef.current) wrapperRef.current.scrollLeft += e.deltaY;
        }}
      >
        {visitedViews.map((tag) => (
          <Link
            key={tag.path}
            to={tag.fullPath}
            className={`tags-view-item${isActive(tag) ? ' active' : ''}`}
            data-testid="tag"
            data-path={tag.path}
            data-affix={tag.affix ? '1' : '0'}
            onMouseUp={(e) => {
              if (e.button === 1 && !tag.affix) {
                e.preventDefault();
                closeSelectedTag(tag);
              }
            }}
            onAuxClick={(e) => e.preventDefault()}
            onContextMenu={(e) => openMenu(tag, e)}
          >
            {tag.title}
            {!tag.affix && (
              <span
                className="tag-close"
                data-testid="tag-close"
                aria-label={`关闭 ${tag.title}`}
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  closeSelectedTag(tag);
                }}
              >
                <CloseOutlined />
              </span>
            )}
          </Link>
        ))}
      </div>
      {menu.visible && menu.tag && (
        <ul className="contextmenu" style={{ left: menu.left, top: menu.top }} data-testid="tags-contextmenu">
          <li data-testid="tag-refresh" onClick={act(refreshSelectedTag)}>刷新</li>
          {!menu.tag.affix && <li data-testid="tag-close-current" onClick={act(closeSelectedTag)}>关闭</li>}
          <li data-testid="tag-close-others" onClick={act(closeOthersTags)}>关闭其它</li>
          <li data-testid="tag-close-all" onClick={act(closeAllTags)}>关闭所有</li>
        </ul>
      )}
    </div>
  );
}
