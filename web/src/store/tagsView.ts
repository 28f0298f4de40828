/** vue-element-admin store/modules/tagsView.js. */
import { create } from 'zustand';

export interface TagView {
  path: string;
  fullPath: string;
  /** query string including '?', or '' */
  search: string;
  title: string;
  /** key of the page for the view cache (the menu code or route path) */
  name: string;
  affix?: boolean;
}

interface TagsViewState {
  visitedViews: TagView[];
  cachedViews: string[];
  addView: (view: TagView, cache?: boolean) => void;
  addVisitedView: (view: TagView) => void;
  addCachedView: (view: TagView) => void;
  delView: (view: TagView) => { visitedViews: TagView[]; cachedViews: string[] };
  delCachedView: (view: TagView) => void;
  delOthersViews: (view: TagView) => void;
  delAllViews: () => { visitedViews: TagView[] };
  updateVisitedView: (view: TagView) => void;
}

export const useTagsViewStore = create<TagsViewState>((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view, cache = true) => {
    get().addVisitedView(view);
    if (cache) get().addCachedView(view);
  },
  addVisitedView: (view) => {
    if (get().visitedViews.some((v) => v.path === view.path)) return;
    set((s) => ({ visitedViews: [...s.visitedViews, { ...view, title: view.title || 'no-name' }] }));
  },
  addCachedView: (view) => {
    if (!view.name || get().cachedViews.includes(view.name)) return;
    set((s) => ({ cachedViews: [...s.cachedViews, view.name] }));
  },
  delView: (view) => {
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== view.path),
      cachedViews: s.cachedViews.filter((n) => n !== view.name),
    }));
    const { visitedViews, cachedViews } = get();
    return { visitedViews, cachedViews };
  },
  delCachedView: (view) => set((s) => ({ cachedViews: s.cachedViews.filter((n) => n !== view.name) })),
  delOthersViews: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === view.path),
      cachedViews: s.cachedViews.filter((n) => n === view.name),
    })),
  delAllViews: () => {
    set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix), cachedViews: [] }));
    return { visitedViews: get().visitedViews };
  },
  updateVisitedView: (view) =>
    set((s) => ({ visitedViews: s.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view, affix: v.affix } : v)) })),
}));
