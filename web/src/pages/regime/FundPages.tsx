/**
 * 安全生产费用 (财资〔2022〕136号; docs/domain.md): 安全费用提取 — the year plans (上年营业收入 × 提取比例) with the chosen year's
 * twelve accrual rows, each saying why it accrued or paused (第二十四条, 第五十条), and for a finished year used under 60%
 * its 情况说明 (第五十一条); 费用支出跟踪 — a year's accrued, used, balance and usage rate by month and by category as
 * charts with the table beneath and export: a finished year under 60% is flagged with its 情况说明, the year in progress
 * shows how far it is from 60%; a government picks an enterprise of its jurisdiction and sees the ones under 60% and
 * whether each has explained. 安全费用使用 is the generic list (its 金额 a money field). Money arrives as integer 分 and
 * is shown in 元 with two decimals.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row as GridRow, Select, Space, Statistic, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@dg/core';
import { ResourcePage, useCan } from '../../components/resource';
import { useUserSide } from '../../components/resource/permission';
import AttachmentLinks from '../../components/resource/AttachmentLinks';
import { useSave } from '../../components/resource/useSave';
import type { FileRef } from '../../components/resource/types';
import Upload, { valuesAfterUploads } from '../../components/Upload';
import { invalidateKeys } from '../../app/live';
import Chart from '../../views/dashboard/Chart';
import '../../views/dashboard/basicCharts.ts';
import { explainFundYear, exportFundTrack, fundOverview, fundTrack, type FundExplanation, type FundMonth, type FundTrack } from './api';

const TRACK_KEY = ['funds', 'track'];
const yuan = (fen: number) => formatYuan(fen);
const percent = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
const thisYear = () => new Date().getFullYear();

/** the fund figures follow every write of a plan or a use (a save here, the server's live events: app/live.ts) */
const FUND_LIVE = { meta: { live: ['fundYear', 'fundUse'] } } as const;

function MonthTable({ months, testId }: { months: FundMonth[]; testId: string }) {
  return (
    <Table<FundMonth> rowKey="month" size="small" pagination={false} dataSource={months} data-testid={testId} scroll={{ x: 980 }}
      columns={[
        { title: '月份', dataIndex: 'month', width: 70, render: (m: number) => `${m}月` },
        { title: '月初结余（元）', dataIndex: 'opening', align: 'right', width: 140, render: yuan },
        { title: '应计提（元）', dataIndex: 'planned', align: 'right', width: 120, render: yuan },
        { title: '本月提取（元）', dataIndex: 'accrued', align: 'right', width: 130, render: (v: number, m) => (m.due ? yuan(v) : '—') },
        { title: '使用（元）', dataIndex: 'used', align: 'right', width: 120, render: yuan },
        { title: '月末结余（元）', dataIndex: 'closing', align: 'right', width: 140, render: yuan },
        { title: '状态', width: 90, render: (_: unknown, m) => (m.paused ? <Tag color="warning">暂停</Tag> : m.due ? <Tag color="success">提取</Tag> : <Tag>未到期</Tag>) },
        { title: '说明', dataIndex: 'reason', render: (v: string) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{v}</Typography.Text> },
      ]} />
  );
}

const EXPLAIN_RULE = '年度实际使用不足应计提金额的60%：除信息披露外，应于下一年度4月底前按属地监管权限提交书面情况说明（财资〔2022〕136号第五十一条）。';

/** a 情况说明 as submitted: its text, attachments and time */
function ExplanationView({ explanation }: { explanation: FundExplanation }) {
  return (
    <Descriptions size="small" column={1} bordered data-testid="fund-explanation">
      <Descriptions.Item label="情况说明"><Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{explanation.text}</Typography.Paragraph></Descriptions.Item>
      {explanation.files.length > 0 && <Descriptions.Item label="附件"><AttachmentLinks value={explanation.files} inline /></Descriptions.Item>}
      <Descriptions.Item label="提交时间">{explanation.at}</Descriptions.Item>
    </Descriptions>
  );
}

/** the enterprise writes (or rewrites) the 情况说明 of a finished year used under 60% */
function ExplanationForm({ year, explanation, onDone }: { year: number; explanation: FundExplanation | null; onDone: () => void }) {
  const [form] = Form.useForm<{ explanation: string; files?: FileRef[] }>();
  const queryClient = useQueryClient();
  const { save, saving } = useSave((v: { explanation: string; files?: FileRef[] }) => explainFundYear({ year, explanation: v.explanation, files: v.files ?? [] }), {
    success: '情况说明已提交',
    refresh: () => invalidateKeys(queryClient, ['fundYear']),
    then: onDone,
  });
  return (
    <Form form={form} layout="vertical" initialValues={{ explanation: explanation?.text ?? '', files: explanation?.files ?? [] }} data-testid="explanation-form"
      onFinish={() => void valuesAfterUploads(form).then((v) => save(v)).catch(() => {})}>
      <Form.Item name="explanation" label="情况说明" rules={[{ required: true, whitespace: true, message: '情况说明：请填写情况说明' }, { max: 2000, message: '情况说明：不能超过2000个字' }]}>
        <Input.TextArea id="fund_explanation" rows={4} maxLength={2000} showCount placeholder="使用不足60%的原因、董事会等机构的审议情况、结余资金的使用安排" />
      </Form.Item>
      <Form.Item name="files" label="附件（如审议文件）"><Upload multiple maxCount={20} /></Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>提交情况说明</Button>
    </Form>
  );
}

/** the 60% rule of a year: flagged with its 情况说明 when finished, the progress toward 60% while in progress */
function UsageRule({ t, editable }: { t: FundTrack; editable: boolean }) {
  const p = t.plan;
  const [editing, setEditing] = useState(false);
  if (!p) return null;
  if (!p.finished) return p.progress ? <Alert type="info" showIcon style={{ marginTop: 12 }} message={<span data-testid="track-progress">{p.progress}</span>} description="年度结束后，使用不足本年应计提金额60%的需提交情况说明（第五十一条）。" /> : null;
  if (!p.warning) return null;
  return (
    <Alert type="warning" showIcon style={{ marginTop: 12 }} message={EXPLAIN_RULE} data-testid="explanation-rule"
      description={
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          {p.explanation && !editing && <ExplanationView explanation={p.explanation} />}
          {!p.explanation && !editing && <Typography.Text type="danger" data-testid="explanation-missing">尚未提交情况说明</Typography.Text>}
          {editing ? <ExplanationForm year={t.year} explanation={p.explanation} onDone={() => setEditing(false)} />
            : editable && <Button size="small" onClick={() => setEditing(true)} data-testid="explanation-edit">{p.explanation ? '修改情况说明' : '填写情况说明'}</Button>}
        </Space>
      } />
  );
}

export function FundExtractPage() {
  const [year, setYear] = useState<number | undefined>();
  const canExplain = useCan('fundsExtractManager:btn_edit');
  const track = useQuery({ queryKey: [...TRACK_KEY, year ?? 'current', 'own'], queryFn: () => fundTrack({ year }), ...FUND_LIVE });
  const t = track.data;
  return (
    <>
      <ResourcePage resourceKey="fundYear" title="安全费用提取计划"
        extraActions={(row) => <Button type="link" size="small" onClick={() => setYear(Number(row.year))} data-testid={`ledger-${row.year}`}>提取台账</Button>} />
      <Card size="small" style={{ marginTop: 16 }} title={`${t?.year ?? year ?? thisYear()}年度提取台账`} data-testid="accrual-ledger"
        extra={t && t.years.length > 0 && <Select size="small" style={{ width: 120 }} value={t.year} onChange={setYear} options={t.years.map((y) => ({ label: `${y}年`, value: y }))} />}>
        {t?.plan ? (
          <>
            <Typography.Paragraph>
              上年度营业收入 <b>{yuan(t.plan.lastRevenue)}</b> 元 × 提取比例 <b>{t.plan.rate}%</b> = 本年应计提 <b data-testid="year-plan">{yuan(t.plan.yearPlan)}</b> 元，
              按月平均提取；截至目前已提取 <b>{yuan(t.plan.accrued)}</b> 元{t.plan.pausedMonths > 0 && <>，<Tag color="warning">暂停提取{t.plan.pausedMonths}个月</Tag></>}。
              月初结余达到上一年应计提金额 <b>{yuan(t.plan.lastYearPlan)}</b> 元{t.plan.lastYearPlanEstimated && '（未登记，按本年应计提金额估算）'}的三倍
              （{yuan(t.plan.lastYearPlan * 3)} 元）及以上时暂停提取（第五十条）。
            </Typography.Paragraph>
            <MonthTable months={t.months} testId="accrual-months" />
            <UsageRule t={t} editable={canExplain} />
          </>
        ) : <Empty description={track.isLoading ? '加载中' : `${t?.year ?? ''}年度尚未登记提取计划：请新增，填写上年度营业收入`} />}
      </Card>
    </>
  );
}

function TrackCharts({ t }: { t: FundTrack }) {
  const byMonth = useMemo(() => ({
    tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => `${yuan(Math.round(Number(v) * 100))} 元` },
    legend: { top: 0 },
    grid: { left: 70, right: 20, top: 36, bottom: 30 },
    xAxis: { type: 'category' as const, data: t.months.map((m) => `${m.month}月`) },
    yAxis: { type: 'value' as const, name: '元' },
    series: [
      { name: '提取', type: 'bar' as const, data: t.months.map((m) => (m.due ? m.accrued / 100 : 0)), itemStyle: { color: '#1677ff' } },
      { name: '使用', type: 'bar' as const, data: t.months.map((m) => m.used / 100), itemStyle: { color: '#fa8c16' } },
      { name: '月末结余', type: 'line' as const, data: t.months.filter((m) => m.due).map((m) => m.closing / 100), itemStyle: { color: '#52c41a' } },
    ],
  }), [t]);
  const used = t.categories.filter((c) => c.amount > 0);
  const byCategory = useMemo(() => ({
    tooltip: { trigger: 'item' as const, valueFormatter: (v: unknown) => `${yuan(Math.round(Number(v) * 100))} 元` },
    legend: { type: 'scroll' as const, orient: 'vertical' as const, right: 0, top: 'middle' as const, width: 200, formatter: (n: string) => (n.length > 14 ? n.slice(0, 14) + '…' : n) },
    series: [{ name: '使用类别', type: 'pie' as const, radius: ['35%', '65%'], center: ['32%', '50%'], label: { show: false },
      data: used.map((c) => ({ name: c.name, value: c.amount / 100 })) }],
  }), [used]);
  return (
    <GridRow gutter={16}>
      <Col xs={24} lg={14}><Card size="small" title="按月提取与使用"><Chart option={byMonth} testId="chart-month" /></Card></Col>
      <Col xs={24} lg={10}>
        <Card size="small" title="按类别使用（财资〔2022〕136号第二十五条）">
          {used.length ? <Chart option={byCategory} testId="chart-category" /> : <Empty description="本年度尚无使用记录" style={{ height: 300 }} />}
        </Card>
      </Col>
    </GridRow>
  );
}

function TrackView({ year, enterpriseId, onYear }: { year: number; enterpriseId?: string; onYear: (y: number) => void }) {
  const canExport = useCan('fundsTrackManager:btn_export');
  const canExplain = useCan('fundsExtractManager:btn_edit');
  const side = useUserSide();
  const track = useQuery({ queryKey: [...TRACK_KEY, year, enterpriseId ?? 'own'], queryFn: () => fundTrack({ year, enterpriseId }), ...FUND_LIVE });
  const t = track.data;
  if (!t) return <Card loading />;
  const p = t.plan;
  const years = [...new Set([...t.years, year])].sort((a, b) => b - a);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="fund-track">
      <Card size="small" title={`${t.enterprise.name} · ${t.year}年度安全生产费用`}
        extra={<Space>
          <Select size="small" style={{ width: 110 }} value={year} onChange={onYear} options={years.map((y) => ({ label: `${y}年`, value: y }))} data-testid="track-year" />
          {canExport && <Button size="small" onClick={() => void exportFundTrack({ year, enterpriseId })}>导出</Button>}
        </Space>}>
        {p ? (
          <GridRow gutter={16}>
            <Col xs={12} md={4}><Statistic title="本年应计提（元）" value={yuan(p.yearPlan)} /></Col>
            <Col xs={12} md={5}><Statistic title="已提取（元）" value={yuan(p.accrued)} /></Col>
            <Col xs={12} md={5}><span data-testid="track-used"><Statistic title="已使用（元）" value={yuan(p.used)} /></span></Col>
            <Col xs={12} md={5}><Statistic title="结余（元）" value={yuan(p.balance)} /></Col>
            <Col xs={24} md={5}>
              <span data-testid="track-rate"><Statistic title="使用率（占本年应计提）" value={percent(p.usageRate)} valueStyle={{ color: p.warning ? '#cf1322' : p.finished ? '#389e0d' : undefined }} /></span>
              {p.warning && <Tag color="error" data-testid="track-warning">低于60%</Tag>}
            </Col>
          </GridRow>
        ) : <Empty description={`${t.year}年度尚未登记安全费用提取计划`} />}
        <UsageRule t={t} editable={false} />
        {p?.warning && !p.explanation && side === 'enterprise' && canExplain && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>请在“安全费用提取”中该年度的提取台账里填写情况说明。</Typography.Paragraph>
        )}
      </Card>
      {p && <TrackCharts t={t} />}
      {p && <Card size="small" title="月度明细"><MonthTable months={t.months} testId="track-months" /></Card>}
    </Space>
  );
}

/** a government: the enterprises of its jurisdiction for a year, those under 60% first; one picked shows its figures */
function GovernmentTrack() {
  const [year, setYear] = useState(thisYear() - 1);
  const [warningOnly, setWarningOnly] = useState(true);
  const [picked, setPicked] = useState<string | undefined>();
  const list = useQuery({ queryKey: ['funds', 'overview', year, warningOnly], queryFn: () => fundOverview({ year, warningOnly }), ...FUND_LIVE });
  const rows = list.data?.rows ?? [];
  const inProgress = list.data ? !list.data.finished : year >= thisYear();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="辖区企业安全生产费用使用情况" data-testid="fund-overview"
        extra={<Space>
          <Select size="small" style={{ width: 110 }} value={year} onChange={setYear} options={[0, 1, 2, 3].map((k) => ({ label: `${thisYear() - k}年`, value: thisYear() - k }))} />
          <Switch checked={warningOnly} onChange={setWarningOnly} checkedChildren="只看低于60%" unCheckedChildren="全部企业" data-testid="warning-only" />
        </Space>}>
        {inProgress && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`${year}年度尚未结束：显示各企业距60%的进度，年度结束后才标记使用不足60%的企业（第五十一条）`} />}
        <Table rowKey="enterpriseId" size="small" loading={list.isLoading} dataSource={rows} pagination={{ pageSize: 10, hideOnSinglePage: true }}
          onRow={(r) => ({ onClick: () => setPicked(r.enterpriseId), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (r.enterpriseId === picked ? 'ant-table-row-selected' : '')}
          columns={[
            { title: '企业', dataIndex: 'enterpriseName' },
            { title: '本年应计提（元）', dataIndex: 'yearPlan', align: 'right', render: yuan },
            { title: '已使用（元）', dataIndex: 'used', align: 'right', render: yuan },
            { title: '使用率', dataIndex: 'usageRate', align: 'right', render: (v: number | null, r) => (r.progress ? <span data-testid="overview-progress">{r.progress}</span>
              : <Space>{percent(v)}{r.warning && <Tag color="error">低于60%</Tag>}</Space>) },
            { title: '情况说明', dataIndex: 'explanation', width: 220, render: (e: FundExplanation | null, r) => (!r.warning ? '—' : e
              ? <Tooltip title={e.text}><Space size={4}><Tag color="success">已提交</Tag><Typography.Text ellipsis style={{ maxWidth: 130 }} data-testid="overview-explanation">{e.text}</Typography.Text></Space></Tooltip>
              : <Tag color="default">未提交</Tag>) },
          ]} />
      </Card>
      {picked ? <TrackView year={year} enterpriseId={picked} onYear={setYear} /> : <Alert type="info" showIcon message="点击企业查看其提取、使用和结余明细" />}
    </Space>
  );
}

export function FundTrackPage() {
  const side = useUserSide();
  const [year, setYear] = useState(thisYear());
  return side === 'enterprise' ? <TrackView year={year} onYear={setYear} /> : <GovernmentTrack />;
}
