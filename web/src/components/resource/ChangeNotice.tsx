/**
 * 监管字段 of an approved record (ResourceDef.supervised): the record's latest change as the server reports it
 * (`latestChange`): waiting for 企业车辆审核 with 原值 → 新值, or rejected with the government's opinion.
 * ChangeTable is the same comparison for the reviewer.
 */
import { Alert, Table } from 'antd';
import type { ChangeView, ResourceDef } from '@dg/core';
import { formatValue } from './format';
import { useFormatContext } from './useFormatContext';
import type { Row } from './types';

/** a change of an approved record's supervised fields, as declared in core (answers/approval.ts) */
export type { ChangeView };

/** a changed field's value as the form shows it ('-' when empty) */
function useShow(def: ResourceDef) {
  const ctx = useFormatContext();
  return (field: string, value: unknown) => {
    const fd = def.fields[field];
    const text = fd ? formatValue(field, fd, { [field]: value } as Row, ctx) : String(value ?? '');
    return text || '-';
  };
}

export function ChangeTable({ def, change }: { def: ResourceDef; change: ChangeView }) {
  const show = useShow(def);
  return (
    <Table size="small" pagination={false} rowKey="field" data-testid="change-table" dataSource={change.fields}
      columns={[
        { key: 'label', title: '字段', dataIndex: 'label', width: 180 },
        { key: 'old', title: '原值', render: (_, f) => show(f.field, f.old) },
        { key: 'new', title: '新值', render: (_, f) => <strong>{show(f.field, f.new)}</strong> },
      ]} />
  );
}

export function ChangeNotice({ def, row }: { def: ResourceDef; row: Row | undefined }) {
  const show = useShow(def);
  const change = row?.latestChange as ChangeView | null | undefined;
  if (!def.supervised?.length || !change || change.status === '已通过') return null;
  const list = change.fields.map((f) => `${f.label}：${show(f.field, f.old)} → ${show(f.field, f.new)}`).join('；');
  return change.status === '待审核' ? (
    <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="change-pending"
      title="有变更待主管部门审核，审核通过前仍以原值为准" description={list} />
  ) : (
    <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="change-rejected"
      title={`变更已驳回：${change.opinion ?? ''}`} description={list} />
  );
}
