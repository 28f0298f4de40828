/**
 * A 基础信息查询 list: the record definition's search form and columns, read
 * through /jcxx/<page>/list (gated by the jcxx menu code, jurisdiction applied by the server),
 * 详情 opening /jcxxcxManager/<page>Info/{uuid}. Read-only; 导出 with the page's element.
 */
import { useMemo } from 'react';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { EXCEL_FILE, elementOf, listColumns, menuTitle, resourceByKey, searchFields, type MenuCode } from '@dg/core';
import ExportButton from '../../../components/ExportButton';
import SearchForm from '../../../components/resource/SearchForm';
import { enterpriseColumn, fieldColumns } from '../../../components/resource/columns';
import { filtersToValues, serializeFilters } from '../../../components/resource/filters';
import { useCan } from '../../../components/resource/permission';
import { useFormatContext } from '../../../components/resource/useFormatContext';
import type { Filters, Row } from '../../../components/resource/types';
import { jcxxBase, jcxxList, type JcxxPage } from '../api';
import PagedTable, { usePagedList } from '../../../components/resource/PagedTable';

/** each page's menu (its title is the menu catalogue's: `menuTitle`), the records it reads and its detail's route */
export const JCXX: Record<JcxxPage, { menu: MenuCode; resource: string; info: string }> = {
  qyxxcx: { menu: 'qyxxcxManager', resource: 'enterprise', info: '/jcxxcxManager/qyxxcxInfo' },
  clxxcx: { menu: 'clxxcxManager', resource: 'vehicle', info: '/jcxxcxManager/clxxcxInfo' },
  cyryxx: { menu: 'cyryxxManager', resource: 'staff', info: '/jcxxcxManager/cyryxxInfo' },
  jcxxgcgt: { menu: 'jcxxgcgtManager', resource: 'tank', info: '/jcxxcxManager/jcxxgcgtInfo' },
};

export default function JcxxList({ page, fixedFilters, title, compact }: { page: JcxxPage; fixedFilters?: Filters; title?: string; compact?: boolean }) {
  const p = JCXX[page];
  const def = resourceByKey(p.resource)!;
  const ctx = useFormatContext();
  const navigate = useNavigate();
  const canExport = useCan(elementOf(p.menu, 'btn_export'));
  const hidden = new Set(Object.keys(fixedFilters ?? {}));
  const searchable = useMemo(() => searchFields(def).filter(([n]) => !hidden.has(n)), [def, page]); // eslint-disable-line react-hooks/exhaustive-deps
  // a list of its own screen keeps page, size, sort and search in the URL; a compact one inside a detail keeps them here
  const list = usePagedList<Row>(page, {
    inUrl: !compact, defaultSort: def.defaultSort, fixed: fixedFilters,
    queryKey: (req) => ['jcxx', page, req],
    request: (req) => jcxxList(page, req),
  });
  const { sort, filters: searched } = list;
  const searchedValues = useMemo(() => filtersToValues(searchable, searched), [searchable, searched]);
  const { filters } = list.request;

  const columns = useMemo(() => {
    const cols = fieldColumns(listColumns(def), ctx, sort);
    if (def.scope === 'enterprise' && !fixedFilters?.enterpriseId) cols.unshift(enterpriseColumn);
    cols.push({ key: '__op', title: '操作', fixed: 'right', width: 80, render: (_: unknown, r: Row) => <Button type="link" size="small" onClick={() => navigate(`${p.info}/${r.id}`)}>详情</Button> });
    return cols;
  }, [def, ctx, sort, fixedFilters?.enterpriseId, navigate, p.info]);

  const table = <PagedTable<Row> list={list} columns={columns} size={compact ? 'small' : 'middle'} />;
  if (compact) return table;
  return (
    <div data-testid={`jcxx-${page}`}>
      {searchable.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
          <SearchForm name={`jcxx_${page}`} fields={searchable} values={searchedValues}
            onSearch={(v) => list.search(serializeFilters(searchable, v))} onReset={() => list.setList({ filters: {}, page: 1 })} />
        </Card>
      )}
      <Card title={title ?? menuTitle(p.menu)} extra={canExport ? <ExportButton url={`${jcxxBase(page)}/export`} body={{ filters, sort }} fileName={`${EXCEL_FILE}.xlsx`} disabled={!list.total} /> : null}>
        {table}
      </Card>
    </div>
  );
}
