/** The timeline of a workflow's row (the one `work_flow` read): who did what, when, with which opinion. */
import { Card, Empty, Skeleton, Space, Timeline, Typography } from 'antd';
import type { FlowEntry } from '@dg/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/request';
import { fmtMinute } from '../../pages/waybill/common';

/** the timeline of a row of `base` (`/yhpc/hazard`, `/aqjc/checkPlan`, `/zggl/rectNotice` …) */
export const flowOf = (base: string, id: string) => request<FlowEntry[]>({ url: `${base}/flow/${encodeURIComponent(id)}`, method: 'get' });
export const flowKey = (base: string, id: string) => ['flow', base, id] as const;

export function WorkflowTimeline({ base, id, card = true }: { base: string; id: string; card?: boolean }) {
  const flow = useQuery({ queryKey: flowKey(base, id), queryFn: () => flowOf(base, id) });
  const body = flow.isLoading ? <Skeleton active /> : !flow.data?.length ? <Empty description="暂无处理记录" /> : (
    <Timeline data-testid="flow-timeline" items={flow.data.map((f) => ({
      color: /退回|驳回/.test(f.action) ? 'red' : /已销号|合格|已通过/.test(f.toState) ? 'green' : 'blue',
      content: (
        <div>
          <Space wrap><Typography.Text strong>{f.action}</Typography.Text><span>{f.fromState ? `${f.fromState} → ` : ''}{f.toState}</span></Space>
          <div style={{ color: '#888' }}>{fmtMinute(f.createdAt)} · {f.side === 'platform' ? '系统' : `${f.userName}（${f.side === 'government' ? '政府' : '企业'}）`}</div>
          {f.opinion && <div style={{ whiteSpace: 'pre-wrap' }}>意见：{f.opinion}</div>}
        </div>
      ),
    }))} />
  );
  return card ? <Card size="small" title="处理记录" style={{ marginTop: 16 }}>{body}</Card> : body;
}
