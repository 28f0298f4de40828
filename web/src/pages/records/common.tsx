/**
 * 档案管理 page parts: 提交审核, and the detail page of a record (一车一档, 一人一档)
 * — the row's ResourceDetail with its sub-records in tabs, each an embedded ResourcePage.
 * Everything else comes from the generic resource UI.
 */
import type { ReactNode } from 'react';
import { Button, Card, Popconfirm, Result, Space, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG, resourceByKey } from '@dg/core';
import { ResourceDetail, ResourcePage, useCan, type Row } from '../../components/resource';
import { useAllowedSteps, useWorkflowStep } from '../../components/workflow';
import { getRow, queryKeys } from '../../components/resource/api';
import { routeByCode } from '../../store/permission';

/** the detail route of a record menu, e.g. /fileManagement/vehicleBasicManager/info/<id> */
export const infoPath = (menu: string, id: string) => `/fileManagement/${menu}/info/${encodeURIComponent(id)}`;

/**
 * 提交审核 of a vehicle or tank (草稿/已驳回 → 待审核): the workflow step declared in core, shown when the user's side
 * and element codes allow it from the row's state (the server checks the same), sent with the row's version
 */
export function SubmitAuditButton({ resourceKey, row, type = 'link' }: { resourceKey: 'vehicle' | 'tank'; row: Row; type?: 'link' | 'primary' }) {
  const def = resourceByKey(resourceKey)!;
  const allowed = useAllowedSteps(def, row).includes('submitAudit');
  const { save, saving } = useWorkflowStep(def);
  if (!allowed) return null;
  return (
    <Popconfirm title="提交审核" description={`确定将${def.title}“${String(row[def.labelField ?? 'id'] ?? '')}”提交审核？`} okText="确定" cancelText="取消"
      onConfirm={() => save({ step: 'submitAudit', row })}>
      <Button type={type} size={type === 'link' ? 'small' : 'middle'} loading={saving} data-testid={`submit-audit-${row.id}`}>提交审核</Button>
    </Popconfirm>
  );
}

export interface SubRecordTab {
  /** resource of the tab's list */
  resourceKey: string;
  /** tab title (default: the resource's title) */
  label?: string;
  /** the field of the sub-record holding this row's id: a `parent` link, or a fixed filter when the resource has no parent */
  field: string;
  /** extra row actions of the embedded list */
  extraActions?: (row: Row) => ReactNode;
  onDetail?: (row: Row) => void;
}

/**
 * The detail route of a record: 详情 on top, the sub-record lists in tabs below. A tab shows only
 * when the user holds the sub-record's menu (its list API is gated by that menu).
 */
export function RecordInfo({ resourceKey, tabs, extra }: { resourceKey: string; tabs: SubRecordTab[]; extra?: (row: Row) => ReactNode }) {
  const def = resourceByKey(resourceKey)!;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  // a sub-record's write may change this row (入职/离职 → 在职状态, 定期检验 → 检验有效期): it follows them
  const row = useQuery({ queryKey: queryKeys.info(def.key, id), queryFn: () => getRow(def, id), enabled: Boolean(id), meta: { live: tabs.map((t) => t.resourceKey) } });
  const listPath = routeByCode(def.menu)?.path;
  if (row.isError && !row.data) return <Result status="warning" title={MSG.notFound} extra={listPath && <Button onClick={() => navigate(listPath)}>返回列表</Button>} />;
  const title = row.data ? `${def.title}：${String(row.data[def.labelField ?? 'id'] ?? '')}` : `${def.title}详情`;
  const shown = tabs.filter((t) => {
    const sub = resourceByKey(t.resourceKey);
    return sub && can(sub.menu);
  });
  return (
    <div className="dg-record-info" data-testid={`${def.key}-info`}>
      <Card
        title={title}
        extra={<Space>{row.data && extra?.(row.data)}{listPath && <Button onClick={() => navigate(listPath)}>返回列表</Button>}</Space>}
        style={{ marginBottom: 16 }}
      >
        <ResourceDetail resourceKey={def.key} id={id} column={{ xs: 1, md: 2, xl: 3 }} />
      </Card>
      {shown.length > 0 && (
        <Card styles={{ body: { paddingTop: 4 } }}>
          <Tabs
            destroyOnHidden
            items={shown.map((t) => {
              const sub = resourceByKey(t.resourceKey)!;
              const asParent = sub.parent?.field === t.field;
              return {
                key: t.resourceKey,
                label: t.label ?? sub.title,
                children: (
                  <ResourcePage
                    resourceKey={t.resourceKey}
                    title={t.label ?? sub.title}
                    parent={asParent ? { field: t.field, id } : undefined}
                    fixedFilters={asParent ? undefined : { [t.field]: id }}
                    extraActions={t.extraActions}
                    onDetail={t.onDetail}
                  />
                ),
              };
            })}
          />
        </Card>
      )}
    </div>
  );
}
