/**
 * A picker of 调度派车: the candidates of one slot (or the 车辆人员绑定) as the server judges them for this waybill and
 * the crew picked so far (POST …/waybill/candidates: the dispatch rules, one page at a time) — 可调度 first, otherwise
 * the reason beside the name. Nothing is judged here; the answer is shown as it comes.
 */
import { useEffect, useRef, useState } from 'react';
import { Select, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { resourceByKey } from '@dg/core';
import { fetchOptionsByIds, queryKeys } from '../../components/resource/api';
import type { WaybillCandidate } from '@dg/core';
import { fetchCandidates, type CandidateRole, type CrewInput } from './api';

const SEARCH_DELAY_MS = 300;
/** the record behind each role (to name a value picked before, e.g. by a binding) */
const RESOURCE: Record<CandidateRole, string> = {
  vehicle: 'vehicle', trailer: 'vehicle', tank: 'tank', tankContainer: 'tankContainer', driver: 'staff', escort: 'staff', bind: 'bind',
};

export function CandidateState({ c }: { c: Pick<WaybillCandidate, 'eligible' | 'state' | 'problems'> }) {
  return <Tag color={c.eligible ? 'green' : c.state === '运输中' ? 'orange' : 'red'} style={{ marginInlineEnd: 0 }}>{c.state}</Tag>;
}

export interface CandidateSelectProps {
  waybillId: string;
  role: CandidateRole;
  /** the crew picked in the other slots: 超载, 适装介质 and 已选为 depend on it */
  crew: CrewInput;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  id?: string;
}

export default function CandidateSelect({ waybillId, role, crew, value, onChange, placeholder, id }: CandidateSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => { const t = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS); return () => clearTimeout(t); }, [search]);
  const crewKey = JSON.stringify(crew);

  const { data, isFetching, isError } = useQuery({
    queryKey: ['waybill', 'candidates', waybillId, role, q, crewKey],
    queryFn: () => fetchCandidates({ waybillId, role, q: q || undefined, crew: JSON.parse(crewKey) as CrewInput }),
    enabled: open,
    staleTime: 10_000,
  });

  // names seen stay known, so a picked value keeps its name when the search moves on
  const known = useRef(new Map<string, WaybillCandidate | { id: string; label: string }>());
  data?.content.forEach((c) => known.current.set(c.id, c));
  const unnamed = value && !known.current.has(value) ? value : null;
  const def = resourceByKey(RESOURCE[role]);
  const { data: named } = useQuery({
    queryKey: queryKeys.optionIds(RESOURCE[role], unnamed ? [unnamed] : []),
    queryFn: () => fetchOptionsByIds(def!, [unnamed!]),
    enabled: Boolean(unnamed && def),
    staleTime: 30_000,
  });
  named?.forEach((o) => { if (!known.current.has(String(o.value))) known.current.set(String(o.value), { id: String(o.value), label: o.label }); });

  const listed = data?.content ?? [];
  const chosen = value && !listed.some((c) => c.id === value) ? [{ value, label: known.current.get(value)?.label ?? value, c: null as WaybillCandidate | null }] : [];
  const options = [...chosen, ...listed.map((c) => ({ value: c.id, label: c.label, c }))];

  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(next) => { setOpen(next); if (!next) setSearch(''); }}
      allowClear
      placeholder={placeholder}
      loading={isFetching}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxWidth: 560 } } }}
      notFoundContent={isFetching ? <Spin size="small" /> : isError ? '加载失败' : '暂无数据'}
      optionRender={(o) => {
        const c = (o.data as { c: WaybillCandidate | null }).c;
        if (!c) return o.label;
        return (
          <Space size={6} align="start" data-testid={`candidate-${role}`} data-state={c.state} data-eligible={c.eligible ? '1' : '0'} style={{ whiteSpace: 'normal' }}>
            <span style={{ whiteSpace: 'nowrap' }}>{c.label}</span>
            <span style={{ whiteSpace: 'nowrap' }}><CandidateState c={c} /></span>
            <Typography.Text type={c.eligible ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
              {c.eligible ? c.detail : c.problems.join('；')}
            </Typography.Text>
          </Space>
        );
      }}
    />
  );
}
