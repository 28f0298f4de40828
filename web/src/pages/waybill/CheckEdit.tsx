/**
 * waybillCheckEdit (/transportMission/waybillCheckEdit?id=): 出车检查 (办法第二十五条). Every
 * enabled check item answered 合格/不合格/不适用 with a remark (required when 不合格; 必检 items
 * cannot be 不适用), 安全告知 confirmed for driver and escort; the driver's self-inspection can be
 * taken over. Pass → 待下发; fail → back to 待调度 with the failed items.
 *
 * Also the self-inspection pages: itemselfInspection/edit (?waybillId=) and /info (?id=).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert, Button, Card, Checkbox, Descriptions, Form, Input, Radio, Result, Skeleton, Space, Table, Tag, Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CHECK_RESULTS } from '@dg/core/waybill';
import RefSelect from '../../components/RefSelect';
import Upload, { uploadsSettled } from '../../components/Upload';
import AttachmentLinks from '../../components/resource/AttachmentLinks';
import type { FileRef } from '../../components/resource/types';
import { useFeedback } from '../../components/resource/feedback';
import type { Waybill, WaybillCheck, WaybillCheckItem, WaybillSelfInspection } from '@dg/core';
import { addSelfInspection, checkWaybill, getCheckForm, getSelfInspection } from './api';
import { StateTag, dash, fmtTime, plateText, useLeave, useQueryParam, useWaybillChanged, WAYBILL_ROUTES } from './common';
import { useCan, useSave } from '../../components/resource';

type Answer = { result?: string; remark?: string; photos?: FileRef[] };
/** an item as the form shows it: a 自检's answer names it as the form did */
type Item = Pick<WaybillCheckItem, 'id' | 'name' | 'category' | 'mandatory'>;
type Answers = Record<string, Answer>;

/** the items table: one radio group and one remark per item, grouped by category order */
function ItemsTable({ items, answers, setAnswer, readOnly, showErrors }: {
  items: Item[];
  answers: Answers;
  setAnswer?: (itemId: string, patch: Answer) => void;
  readOnly?: boolean;
  showErrors?: boolean;
}) {
  // consecutive items of one category share the category cell
  const spans = items.map((it, i) => {
    if (i > 0 && items[i - 1]!.category === it.category) return 0;
    let n = 1;
    while (items[i + n]?.category === it.category) n += 1;
    return n;
  });
  return (
    <Table<Item> size="small" rowKey="id" pagination={false} dataSource={items} data-testid="check-items"
      columns={[
        { title: '分类', dataIndex: 'category', width: 90, onCell: (_r, i) => ({ rowSpan: spans[i ?? 0] ?? 1 }) },
        { title: '检查项', dataIndex: 'name', render: (v: string, r) => <span>{v}{r.mandatory && <Tag color="blue" style={{ marginLeft: 6 }}>必检</Tag>}</span> },
        {
          title: '结果', key: 'result', width: 250,
          render: (_, r) => {
            const a = answers[r.id] ?? {};
            if (readOnly) return <Typography.Text type={a.result === '不合格' ? 'danger' : a.result === '合格' ? 'success' : 'secondary'}>{a.result ?? '-'}</Typography.Text>;
            const missing = showErrors && !a.result;
            return (
              <div>
                <Radio.Group value={a.result} onChange={(e) => setAnswer?.(r.id, { result: e.target.value as string })} data-testid={`check-result-${r.id}`}
                  options={CHECK_RESULTS.map((c) => ({ value: c, label: c, disabled: c === '不适用' && r.mandatory }))} />
                {missing && <div><Typography.Text type="danger" style={{ fontSize: 12 }}>请选择检查结果</Typography.Text></div>}
              </div>
            );
          },
        },
        {
          title: '说明', key: 'remark', width: 280,
          render: (_, r) => {
            const a = answers[r.id] ?? {};
            if (readOnly) return <div>{dash(a.remark)}{a.photos?.length ? <AttachmentLinks value={a.photos} inline /> : null}</div>;
            const need = a.result === '不合格';
            const bad = need && !a.remark?.trim() && showErrors;
            return (
              <div>
                <Input size="small" value={a.remark} status={bad ? 'error' : undefined} maxLength={500}
                  placeholder={need ? '不合格，请填写说明（必填）' : '选填'} onChange={(e) => setAnswer?.(r.id, { remark: e.target.value })} />
                {bad && <Typography.Text type="danger" style={{ fontSize: 12 }}>不合格项请填写说明</Typography.Text>}
                {(need || a.photos?.length) ? (
                  <div style={{ marginTop: 4 }} className="wb-check-photos">
                    <Upload multiple maxCount={6} accept="image/*" value={a.photos ?? []} onChange={(files) => setAnswer?.(r.id, { photos: files })} />
                  </div>
                ) : null}
              </div>
            );
          },
        },
      ]} />
  );
}

function WaybillBrief({ wb }: { wb: Waybill }) {
  return (
    <Card size="small" style={{ marginBottom: 12 }} title={<Space>运单信息<StateTag state={wb.state} /></Space>}>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={[
        { key: 'plate', label: '车辆', children: [plateText(wb.plateNo, wb.plateColor), wb.trailerPlateNo].filter(Boolean).join(' / ') || '-' },
        { key: 'tank', label: '罐体', children: wb.tankNo || '-' },
        { key: 'driver', label: '驾驶员', children: wb.driverName || '-' },
        { key: 'escort', label: '押运员', children: wb.escortName || '-' },
        { key: 'goods', label: '货物', children: wb.goodsSummary || '-', span: 2 },
        { key: 'start', label: '起运日期', children: wb.startDate },
        { key: 'dispatch', label: '调度', children: `${wb.dispatcherName ?? ''} ${fmtTime(wb.dispatchedAt)}` },
      ]} />
    </Card>
  );
}

/** problems of a set of answers, in the server's words */
function answerProblems(items: Item[], answers: Answers): string[] {
  const out: string[] = [];
  for (const it of items) {
    const a = answers[it.id];
    if (!a?.result) out.push(`请完成检查项“${it.name}”`);
    else if (a.result === '不适用' && it.mandatory) out.push(`检查项“${it.name}”为必检项，不能选择不适用`);
    else if (a.result === '不合格' && !a.remark?.trim()) out.push(`检查项“${it.name}”不合格，请填写说明`);
  }
  return out;
}

/** the answers as the server takes them (every item answered: checked by answerProblems first) */
function answerRows(items: Item[], answers: Answers) {
  return items.map((it) => ({ itemId: it.id, result: answers[it.id]!.result!, remark: answers[it.id]?.remark?.trim() || null, photos: answers[it.id]?.photos?.length ? answers[it.id]!.photos! : null }));
}

/**
 * A form's answers, and `settled()`: them once every photo on its way is stored. 提交 clicked while a photo is still
 * uploading sends the record with it, not without it (the answers are state: the click's render has not seen it).
 */
function useAnswers() {
  const [answers, set] = useState<Answers>({});
  const latest = useRef(answers);
  const setAnswers = (next: Answers) => { latest.current = next; set(next); };
  const setAnswer = (itemId: string, patch: Answer) => setAnswers({ ...latest.current, [itemId]: { ...latest.current[itemId], ...patch } });
  const settled = async () => { await uploadsSettled(); return latest.current; };
  return { answers, setAnswers, setAnswer, settled };
}

function fromRecord(rec: Pick<WaybillCheck, 'answers'>): Answers {
  return Object.fromEntries(rec.answers.map((a) => [a.itemId, { result: a.result, remark: a.remark ?? '', photos: Array.isArray(a.photos) ? (a.photos as FileRef[]) : undefined }]));
}

export default function CheckEdit() {
  const id = useQueryParam('id');
  return <CheckForm key={id} id={id} />;
}

function CheckForm({ id }: { id: string }) {
  const { message, notification } = useFeedback();
  const leave = useLeave();
  const changed = useWaybillChanged();
  const navigate = useNavigate();
  const canSelf = useCan('waybillCheckManager:btn_add');
  const q = useQuery({ queryKey: ['waybill', 'checkForm', id], queryFn: () => getCheckForm(id), enabled: Boolean(id), staleTime: 0, refetchOnWindowFocus: false });
  const { answers, setAnswers, setAnswer: answer, settled } = useAnswers();
  const [driverNotified, setDriverNotified] = useState(false);
  const [escortNotified, setEscortNotified] = useState(false);
  const [selfId, setSelfId] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const { save, saving } = useSave((body: { wb: Waybill; input: Parameters<typeof checkWaybill>[1] }) => checkWaybill(body.wb.id, body.input), {
    refresh: changed,
    then: (r) => {
      if (r.passed) message.success('出车检查合格，运单进入待下发');
      else notification.warning({ title: '出车检查不合格，运单已退回待调度', description: r.failedItems.map((f) => `${f.name}：${f.remark ?? ''}`).join('；'), duration: 8 });
      leave(WAYBILL_ROUTES.list.waybillCheck);
    },
  });

  const data = q.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const wb = data?.waybill;
  const self = data?.selfInspection ?? null;
  const setAnswer = (itemId: string, patch: Answer) => {
    answer(itemId, patch);
    if (selfId) setSelfId(null); // edited: no longer the driver's record as it was
  };
  const problems = answerProblems(items, answers);
  const failed = items.filter((it) => answers[it.id]?.result === '不合格');

  if (!id) return <Result status="warning" title="缺少运单参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !wb) return <Result status="warning" title="运单不存在或无权访问" />;
  if (wb.state !== '待检查') {
    return <Result status="info" title={`当前状态为${wb.state}，不能出车检查`} extra={<Button type="primary" onClick={() => leave(WAYBILL_ROUTES.baseInfo(wb.id))}>查看详情</Button>} />;
  }

  const allPass = () => {
    setAnswers(Object.fromEntries(items.map((it) => [it.id, { result: '合格', remark: answers[it.id]?.remark ?? '' }])));
    setSelfId(null);
  };
  const takeSelf = () => {
    if (!self) return;
    setAnswers(fromRecord(self));
    setSelfId(self.id);
    message.info('已采用驾驶员自检结果，请逐项复核');
  };

  const submit = async () => {
    setShowErrors(true);
    if (problems.length) { message.warning(problems[0]!); return; }
    if (!driverNotified) { message.warning('请确认已对驾驶员进行安全告知'); return; }
    if (wb.escortId && !escortNotified) { message.warning('请确认已对押运员进行安全告知'); return; }
    const final = await settled();
    await save({
      wb,
      input: {
        version: wb.version, driverNotified, escortNotified: wb.escortId ? escortNotified : false, selfInspectionId: selfId, remark: remark.trim() || null,
        answers: answerRows(items, final),
      },
    });
  };

  return (
    <div data-testid="check-edit">
      <WaybillBrief wb={wb} />
      {self && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }}
          title={`驾驶员已于${fmtTime(self.at)}完成自检（${self.staffName ?? ''}，${self.result}）`}
          action={<Space><Button size="small" onClick={() => navigate(WAYBILL_ROUTES.selfInfo(self.id))}>查看</Button><Button size="small" type="primary" onClick={takeSelf} data-testid="take-self">采用自检结果</Button></Space>} />
      )}
      <Card size="small" title="出车前安全检查" style={{ marginBottom: 12 }}
        extra={(
          <Space>
            {canSelf && <Button onClick={() => navigate(WAYBILL_ROUTES.selfEdit(wb.id))}>录入驾驶员自检</Button>}
            <Button onClick={allPass} data-testid="check-all-pass">全部合格</Button>
          </Space>
        )}>
        <ItemsTable items={items} answers={answers} setAnswer={setAnswer} showErrors={showErrors} />
      </Card>
      <Card size="small" title="运输安全告知（办法第二十五条）" style={{ marginBottom: 12 }}>
        <Space orientation="vertical">
          <Checkbox checked={driverNotified} onChange={(e) => setDriverNotified(e.target.checked)} data-testid="notify-driver">
            已对驾驶员 <Typography.Text strong>{wb.driverName ?? ''}</Typography.Text> 进行运输安全告知（货物危险特性、应急处置措施、行车路线及注意事项）
          </Checkbox>
          {wb.escortId && (
            <Checkbox checked={escortNotified} onChange={(e) => setEscortNotified(e.target.checked)} data-testid="notify-escort">
              已对押运员 <Typography.Text strong>{wb.escortName ?? ''}</Typography.Text> 进行运输安全告知
            </Checkbox>
          )}
          {showErrors && (!driverNotified || (wb.escortId && !escortNotified)) && <Typography.Text type="danger">请确认已完成安全告知</Typography.Text>}
        </Space>
        <Input.TextArea style={{ marginTop: 12 }} value={remark} onChange={(e) => setRemark(e.target.value)} placeholder="检查备注（选填）" maxLength={500} autoSize={{ minRows: 2 }} />
      </Card>
      <Card size="small">
        <Space wrap>
          <Button onClick={() => leave(WAYBILL_ROUTES.list.waybillCheck)}>返回</Button>
          <Button type="primary" danger={failed.length > 0} loading={saving} onClick={submit} data-testid="check-submit">
            {failed.length ? `提交（${failed.length}项不合格，退回待调度）` : '提交检查结果'}
          </Button>
          {selfId && <Tag color="blue">采用驾驶员自检</Tag>}
          <Typography.Text type="secondary">已检查 {items.filter((it) => answers[it.id]?.result).length}/{items.length} 项</Typography.Text>
        </Space>
      </Card>
    </div>
  );
}

// ───────────────────────── 驾驶员自检 ─────────────────────────

export function SelfInspectionEdit() {
  const byWaybill = useQueryParam('waybillId');
  const byId = useQueryParam('id');
  const waybillId = byWaybill || byId;
  return <SelfForm key={waybillId} waybillId={waybillId} />;
}

function SelfForm({ waybillId }: { waybillId: string }) {
  const { message } = useFeedback();
  const leave = useLeave();
  const changed = useWaybillChanged();
  const q = useQuery({ queryKey: ['waybill', 'checkForm', waybillId], queryFn: () => getCheckForm(waybillId), enabled: Boolean(waybillId), staleTime: 0 });
  const { answers, setAnswers, setAnswer, settled } = useAnswers();
  const [staffId, setStaffId] = useState<string | undefined>();
  const [remark, setRemark] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const { save, saving } = useSave(addSelfInspection, {
    success: '自检记录已保存，出车检查时可采用',
    refresh: changed,
    then: (_r, body) => leave(WAYBILL_ROUTES.checkEdit(body.waybillId)),
  });
  const wb = q.data?.waybill;
  const items = useMemo(() => q.data?.items ?? [], [q.data]);
  useEffect(() => { if (wb?.driverId) setStaffId(wb.driverId); }, [wb?.driverId]);

  if (!waybillId) return <Result status="warning" title="缺少运单参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !wb) return <Result status="warning" title="运单不存在或无权访问" />;

  const submit = async () => {
    setShowErrors(true);
    const missing = items.filter((it) => !answers[it.id]?.result);
    if (missing.length) { message.warning(`请完成检查项“${missing[0]!.name}”`); return; }
    const noRemark = items.find((it) => answers[it.id]?.result === '不合格' && !answers[it.id]?.remark?.trim());
    if (noRemark) { message.warning(`检查项“${noRemark.name}”不合格，请填写说明`); return; }
    const final = await settled();
    await save({
      waybillId: wb.id, staffId: staffId ?? null, remark: remark.trim() || null,
      answers: answerRows(items, final),
    });
  };

  return (
    <div data-testid="self-edit">
      <WaybillBrief wb={wb} />
      <Card size="small" title="驾驶员出车前自检" style={{ marginBottom: 12 }}
        extra={<Button onClick={() => setAnswers(Object.fromEntries(items.map((it) => [it.id, { result: '合格', remark: answers[it.id]?.remark ?? '' }])))}>全部合格</Button>}>
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label="自检人">
            <RefSelect resource="staff" value={staffId} labels={wb.driverName} onChange={(v) => setStaffId(v as string | undefined)} style={{ width: 200 }} />
          </Form.Item>
        </Form>
        <ItemsTable items={items} answers={answers} setAnswer={setAnswer} showErrors={showErrors} />
        <Input.TextArea style={{ marginTop: 12 }} value={remark} onChange={(e) => setRemark(e.target.value)} placeholder="备注（选填）" maxLength={500} autoSize={{ minRows: 2 }} />
      </Card>
      <Card size="small">
        <Space>
          <Button onClick={() => leave(WAYBILL_ROUTES.list.waybillCheck)}>返回</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="self-submit">保存自检记录</Button>
        </Space>
      </Card>
    </div>
  );
}

export function SelfInspectionInfo() {
  const id = useQueryParam('id');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['waybill', 'selfInspection', id], queryFn: () => getSelfInspection(id), enabled: Boolean(id) });
  if (!id) return <Result status="warning" title="缺少参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !q.data) return <Result status="warning" title="自检记录不存在或无权访问" />;
  const r: WaybillSelfInspection = q.data;
  const items: Item[] = r.answers.map((a) => ({ id: a.itemId, name: a.name, category: a.category, mandatory: a.mandatory }));
  return (
    <Card title={<Space>驾驶员自检记录<Tag color={r.result === '合格' ? 'green' : 'red'}>{r.result}</Tag></Space>}
      extra={<Button onClick={() => navigate(WAYBILL_ROUTES.baseInfo(r.waybillId))}>运单详情</Button>}>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }} items={[
        { key: 'who', label: '自检人', children: r.staffName ?? '-' },
        { key: 'at', label: '自检时间', children: fmtTime(r.at) },
        { key: 'used', label: '出车检查采用', children: r.usedByCheckId ? '是' : '否' },
        { key: 'remark', label: '备注', children: r.remark || '-', span: 3 },
      ]} />
      <ItemsTable items={items} answers={fromRecord(r)} readOnly />
    </Card>
  );
}
