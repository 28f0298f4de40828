/**
 * components/HeaderSearch (vue-element-admin's): fuzzy search over the granted menu titles
 * (joined ' > ') and paths; choosing an entry opens it. Fuse ≥6 returns `{ item }`. Fuse and the Select load the
 * first time the search opens (the first load's download budget); what is typed before Fuse is there is searched once it is.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type Fuse from 'fuse.js';
import { useNavigate } from 'react-router';
import { HEADER_SEARCH } from '@dg/core';
import { DASHBOARD, usePermissionStore } from '../../../store/permission.ts';

const SearchSelect = lazy(() => import('./SearchSelect.tsx'));

interface SearchEntry {
  title: string[];
  path: string;
}

export default function HeaderSearch() {
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const [FuseClass, setFuseClass] = useState<typeof Fuse | null>(null);
  const selectRef = useRef<RefSelectProps>(null);

  const pool = useMemo<SearchEntry[]>(
    () => [{ title: [DASHBOARD.title], path: DASHBOARD.path }, ...routes.filter((r) => !r.isDir && !r.hidden).map((r) => ({ title: r.titles, path: r.path }))],
    [routes],
  );
  useEffect(() => {
    if (!show || FuseClass) return;
    let live = true;
    void import('fuse.js').then((m) => live && setFuseClass(() => m.default));
    return () => {
      live = false;
    };
  }, [show, FuseClass]);
  const fuse = useMemo(
    () =>
      FuseClass &&
      new FuseClass(pool, {
        shouldSort: true,
        threshold: HEADER_SEARCH.threshold,
        location: 0,
        distance: 100,
        minMatchCharLength: 1,
        keys: [
          { name: 'title', weight: HEADER_SEARCH.titleWeight },
          { name: 'path', weight: HEADER_SEARCH.pathWeight },
        ],
      }),
    [FuseClass, pool],
  );
  const options = useMemo<SearchEntry[]>(() => (query !== '' && fuse ? fuse.search(query).map((r) => r.item) : []), [fuse, query]);

  const close = () => {
    selectRef.current?.blur();
    setQuery('');
    setShow(false);
  };
  const onSearch = (q: string) => setQuery(q);
  const onChange = (path: string | null) => {
    if (path) navigate(path);
    close();
  };
  const open = () => setShow(true);

  return (
    <div className={`header-search${show ? ' show' : ''}`} data-testid="header-search">
      <SearchOutlined className="search-icon" style={{ fontSize: 18, cursor: 'pointer', color: '#5a5e66' }} onClick={() => (show ? close() : open())} aria-label="菜单搜索" data-testid="header-search-toggle" />
      <div className="header-search-select">
        {show && (
          // until the Select is there, a plain field takes what is typed; the Select opens searching it
          <Suspense fallback={<input autoFocus value={query} onChange={(e) => onSearch(e.target.value)} placeholder="搜索菜单" aria-label="搜索菜单" style={{ width: 220, height: 32, padding: '0 11px', border: '1px solid #d9d9d9', borderRadius: 4, outline: 'none' }} />}>
            <SearchSelect
              selectRef={selectRef}
              query={query}
              onSearch={onSearch}
              options={options.map((o) => ({ value: o.path, label: o.title.join(' > ') }))}
              notFoundContent={query && fuse ? '无匹配菜单' : null}
              onChange={onChange}
              onBlur={close}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
