/**
 * 数据融合比对's screens. 外部数据导入 is the generic list of the external records (its 导入 takes xlsx or csv with a
 * row report); 比对任务 lists the tasks with their workflow's buttons (运行比对, 取消) and, while one runs, its progress
 * — polled, since the job runs on the server's queue; a task's results have their own screen: the counts by class and
 * by city as charts, and the rows with filters, export and, on a suspected 无运单运输, 生成异常运单.
 */
import { useEffect, useMemo } from 'react';
import { Button, Card, Descriptions, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { FUSION_CLASSES, fusionResult, fusionTask, stateColor, fusionTaskWorkflow, type FusionStats } from '@dg/core';
import { ResourcePage, useCan } from '../../components/resource';
import ExportButton from '../../components/ExportButton';
import { useRow } from '../../components/resource/api';
import type { Row } from '../../components/resource/types';
import { WorkflowSteps } from '../../components/workflow';
import { request } from '../../api/request';
import Chart from '../../views/dashboard/Chart';
import '../../views/dashboard/basicCharts.ts';

export const FUSION_RESULT_PATH = (taskId: string) => `/dataFusionBLASTnManager/fusionCompareManager/result/${encodeURIComponent(taskId)}`;
const CLASS_COLORS: Record<string, string> = { 匹配: 'success', 部分匹配: 'gold', 疑似无运单运输: 'error', 运单无外部记录: 'default' };

const getStats = (taskId: string) => request<FusionStats>({ url: '/sjrh/fusionResult/stats', method: 'post', data: { taskId } });

/** how far a run has come; while it runs, the list is read again every two seconds */
function RunProgress({ row, refresh }: { row: Row; refresh: () => Promise<void> }) {
  const running = row.state === '运行中';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
  }, [running, refresh]);
  const total = Number(row.total ?? 0), done = Number(row.done ?? 0);
  if (!running && row.state !== '已完成') return null;
  const percent = row.state === '已完成' ? 100 : total ? Math.floor((done / total) * 100) : 0;
  return <Progress data-testid="fusion-progress" size="small" style={{ width: 120, display: 'inline-flex' }} percent={percent} status={running ? 'active' : 'success'} format={() => (running ? `${done}/${row.total ?? '…'}` : '完成')} />;
}

/** 外部数据导入: the generic list and import, with the demo's passages file (made by the server from the jurisdiction's waybills) */
export function ImportPage() {
  const canImport = useCan('fusionImportManager:btn_import');
  return (
    <ResourcePage resourceKey="fusionRecord"
      toolbarExtra={canImport && <ExportButton url="/sjrh/fusionRecord/demoFile" fileName="卡口通行演示数据.csv" data-testid="fusion-demo-file">下载演示数据</ExportButton>} />
  );
}

export function CompareTaskPage() {
  const navigate = useNavigate();
  return (
    <ResourcePage resourceKey="fusionTask" rowEditable={(r) => r.state !== '运行中'}
      extraActions={(row, refresh) => (
        <Space size={4} wrap>
          <RunProgress row={row} refresh={refresh} />
          <WorkflowSteps def={fusionTask} row={row} link then={() => void refresh()} />
          {row.state !== '待运行' && <Button type="link" size="small" onClick={() => navigate(FUSION_RESULT_PATH(row.id))}>查看结果</Button>}
        </Space>
      )} />
  );
}

export function CompareResultPage() {
  const { taskId = '' } = useParams();
  const task = useRow(fusionTask, taskId, { fresh: true });
  const stats = useQuery({ queryKey: ['fusionStats', taskId], queryFn: () => getStats(taskId), enabled: !!taskId });
  const s = stats.data;
  const byClass = useMemo(() => s && ({
    tooltip: { trigger: 'axis' }, xAxis: { type: 'category', data: s.byClass.map((c) => c.resultClass) }, yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: '记录数', data: s.byClass.map((c) => c.count), label: { show: true, position: 'top' } }],
  }), [s]);
  const byCity = useMemo(() => s && ({
    tooltip: { trigger: 'axis' }, legend: { data: [...FUSION_CLASSES] },
    xAxis: { type: 'category', data: s.byCity.map((c) => c.cityName) }, yAxis: { type: 'value', minInterval: 1 },
    series: FUSION_CLASSES.map((k) => ({ name: k, type: 'bar', stack: 'c', data: s.byCity.map((c) => c.counts[k] ?? 0) })),
  }), [s]);
  const t = task.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={`比对结果：${String(t?.name ?? '')}`} extra={t && <Tag color={stateColor(fusionTaskWorkflow, t.state)}>{String(t.state)}</Tag>}>
        {!t ? <Skeleton active /> : (
          <Descriptions size="small" column={4} data-testid="fusion-task-summary">
            <Descriptions.Item label="比对期间">{String(t.dateFrom)} 至 {String(t.dateTo)}</Descriptions.Item>
            <Descriptions.Item label="时间容差">{String(t.toleranceMinutes ?? '')}分钟</Descriptions.Item>
            <Descriptions.Item label="外部记录数">{String(t.total ?? 0)}</Descriptions.Item>
            <Descriptions.Item label="说明">{String(t.message ?? '—')}</Descriptions.Item>
            {FUSION_CLASSES.map((k, i) => <Descriptions.Item key={k} label={k}><Tag color={CLASS_COLORS[k]}>{String(t[['matched', 'partial', 'noWaybill', 'noTrace'][i]!] ?? 0)}</Tag></Descriptions.Item>)}
          </Descriptions>
        )}
      </Card>
      <Card title="按结果类别与地市">
        {!s ? <Skeleton active /> : (
          <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            <div style={{ flex: '1 1 360px' }}><Typography.Text strong>按结果类别</Typography.Text>{byClass && <Chart option={byClass} testId="fusion-chart-class" />}</div>
            <div style={{ flex: '1 1 360px' }}><Typography.Text strong>按地市</Typography.Text>{byCity && <Chart option={byCity} testId="fusion-chart-city" />}</div>
          </div>
        )}
      </Card>
      {taskId && (
        <ResourcePage resourceKey="fusionResult" title="比对明细" fixedFilters={{ taskId }} noWrite
          extraActions={(row, refresh) => row.resultClass === '疑似无运单运输'
            ? <WorkflowSteps def={fusionResult} row={row} link then={() => { void refresh(); void stats.refetch(); }} /> : null} />
      )}
    </Space>
  );
}
