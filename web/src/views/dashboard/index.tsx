/** /dashboard 首页 (fixed tab): the enterprise or the government board, from GET /index/dashboard. */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getDashboard, type EnterpriseDashboard as EData, type GovernmentDashboard as GData } from '../../api/dashboard.ts';
import { useThemeColor } from '../../app/theme.ts';
import { useUserStore } from '../../store/user.ts';

// each side loads only its own board (the enterprise's has tables, the government's charts)
const EnterpriseDashboard = lazy(() => import('./EnterpriseDashboard.tsx'));
const GovernmentDashboard = lazy(() => import('./GovernmentDashboard.tsx'));
const Shortcuts = lazy(() => import('./Shortcuts.tsx'));
const LoadError = lazy(() => import('./LoadError.tsx'));
const loading = <Skeleton active paragraph={{ rows: 10 }} />;
import { isSuperEntry } from '../../app/entry.ts';

export default function Dashboard() {
  return <Suspense fallback={loading}>{isSuperEntry() ? <Shortcuts /> : <Board />}</Suspense>;
}

function Board() {
  const side = useUserStore((s) => s.side);
  const theme = useThemeColor();
  const { data, isLoading, isError, refetch } = useQuery({ queryKey: ['dashboard'], queryFn: getDashboard });

  if (isLoading) return loading;
  if (isError || !data || typeof data !== 'object') return <LoadError onRetry={() => void refetch()} />;
  const which = (data as { side?: string }).side ?? side ?? 'enterprise';
  return which === 'enterprise' ? (
    <EnterpriseDashboard data={data as Partial<EData>} theme={theme} />
  ) : (
    <GovernmentDashboard data={data as Partial<GData>} theme={theme} />
  );
}
