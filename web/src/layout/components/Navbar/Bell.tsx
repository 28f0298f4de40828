/**
 * The bell: 通知公告 and the four waybill queues from getRemindInfo, each
 * shown only when the user holds its menu (and 制度待阅知 while the person has regimes to read); refreshed on load, every
 * REMIND_POLL_MS and whenever a resource an entry follows changes (a save here, the server's live events: app/live.ts).
 */
import { useMemo } from 'react';
import { Badge, Dropdown } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BADGE_MAX, BELL_ENTRIES, REMIND_POLL_MS } from '@dg/core';
import { getRemindInfo } from '../../../api/remind.ts';
import { usePermissionStore } from '../../../store/permission.ts';

export const REMIND_QUERY_KEY = ['remind'];

export default function Bell() {
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);
  const granted = usePermissionStore((s) => s.granted);
  const entries = useMemo(
    () =>
      BELL_ENTRIES.filter((e) => granted.has(e.menu)).map((e) => ({
        ...e,
        path: routes.find((r) => r.code === e.menu && !r.isDir)?.path,
      })),
    [granted, routes],
  );
  const follows = useMemo(() => [...new Set(entries.map((e) => e.follows))], [entries]);
  const { data } = useQuery({
    queryKey: REMIND_QUERY_KEY,
    queryFn: getRemindInfo,
    enabled: entries.length > 0,
    refetchInterval: REMIND_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { live: follows },
  });

  if (entries.length === 0) return null;
  const count = (key: string) => {
    const v = Number((data as Record<string, unknown> | undefined)?.[key] ?? 0);
    return Number.isFinite(v) && v > 0 ? v : 0;
  };
  // an entry that is only a reminder (制度待阅知) is listed while there is something to do
  const shown = entries.filter((e) => !('onlyWhenSome' in e && e.onlyWhenSome) || count(e.key) > 0);
  const total = shown.reduce((n, e) => n + count(e.key), 0);

  return (
    <Dropdown
      rootClassName="header-menu"
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: shown.map((e) => ({
          key: e.key,
          label: (
            <span data-testid={`bell-item-${e.key}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 24, minWidth: 140 }}>
              <span>{e.title}</span>
              <Badge count={count(e.key)} overflowCount={BADGE_MAX} showZero color={count(e.key) ? undefined : '#d9d9d9'} />
            </span>
          ),
        })),
        onClick: ({ key }) => {
          const e = entries.find((x) => x.key === key);
          if (e?.path) navigate(e.path);
        },
      }}
    >
      <button type="button" className="right-menu-item" data-testid="bell" aria-label={`提醒 ${total}`} title="提醒">
        <Badge count={total} overflowCount={BADGE_MAX} size="small" data-testid="bell-count">
          <BellOutlined style={{ fontSize: 18, color: '#5a5e66' }} />
        </Badge>
      </button>
    </Dropdown>
  );
}
