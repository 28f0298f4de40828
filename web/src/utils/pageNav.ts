/**
 * Parts of every routed page (an edit or detail page beside its list): the id in the query string, leaving a page
 * (closing its tag), and Enter-moves-on for forms filled at speed.
 */
import { useCallback, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTagsViewStore } from '../store/tagsView';

/** the `id` (or another key) in the query string: `/transportMission/baseInfo?id=…` */
export function useQueryParam(key = 'id'): string {
  const [params] = useSearchParams();
  return params.get(key) ?? '';
}

/** leave this page for another, closing this page's tag (an edit page is done once saved) */
export function useLeave() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback((to: string, opts: { replace?: boolean } = {}) => {
    useTagsViewStore.getState().delView({ path: pathname, fullPath: pathname, search: '', title: '', name: pathname });
    navigate(to, opts);
  }, [navigate, pathname]);
}

/** after a waybill transition: refetch every waybill query here and tell the bell and other pages */

const FOCUSABLE = 'input:not([type=hidden]):not([type=radio]):not([type=checkbox]):not([disabled]):not([readonly]), textarea:not([disabled]), [data-enter-target]:not([disabled])';

/**
 * Enter moves to the next field (a dispatcher fills these forms at speed). An open dropdown keeps
 * its Enter (it picks the option); a textarea keeps its Enter too (Ctrl+Enter still moves on).
 * The last field's Enter focuses the element marked `data-enter-target` (the main button).
 * Attach as onKeyDownCapture: a closed Select would otherwise open on Enter.
 */
export function enterMovesOn(e: ReactKeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'BUTTON' || target.tagName === 'A') return;
  if (target.tagName === 'TEXTAREA' && !e.ctrlKey) return;
  if (target.getAttribute('aria-expanded') === 'true') return;
  const container = e.currentTarget;
  const all = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === target);
  const i = all.indexOf(target);
  if (i < 0) return;
  const next = all[i + 1];
  if (!next) return;
  e.preventDefault();
  e.stopPropagation();
  next.focus();
  if (next instanceof HTMLInputElement) next.select?.();
}
