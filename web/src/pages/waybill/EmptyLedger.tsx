/**
 * 空车台账 (emptyLedgerManager): the generic list with 详情 opening /transportMission/emptyledger/info,
 * and the edit page /transportMission/emptyledger/edit (?id= to edit; ?waybillId= starts from a
 * completed waybill: the same vehicle, tank and crew going back with the last goods' hazard).
 * Fields and checks are the emptyLedger definition's (packages/core resources/waybill.ts).
 */
import { useMemo } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { ResourcePage, useCan } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage, resourcePaths, type StartFrom } from '../../components/resource/ResourcePages';
import { getWaybill } from './api';
import { useQueryParam } from './common';

const PATHS = resourcePaths('/transportMission/emptyLedgerManager', 'transportMission', 'emptyledger');

export function EmptyLedgerList() {
  const navigate = useNavigate();
  const canAdd = useCan('emptyLedgerManager:btn_add');
  return (
    <ResourcePage resourceKey="emptyLedger" onDetail={(row) => navigate(PATHS.info(row.id))}
      toolbarExtra={canAdd ? <Button onClick={() => navigate(PATHS.edit())}>整页登记</Button> : undefined} />
  );
}

export function EmptyLedgerEdit() {
  const waybillId = useQueryParam('waybillId');
  const editing = Boolean(useQueryParam('id'));
  const from = useQuery({ queryKey: ['waybill', 'info', waybillId], queryFn: () => getWaybill(waybillId), enabled: !editing && Boolean(waybillId) });
  const w = from.data;
  const start = useMemo<StartFrom>(() => {
    if (!w) return { values: { tripDate: dayjs().format('YYYY-MM-DD') }, loading: Boolean(waybillId) && !editing };
    const g = w.goods[0];
    return {
      values: {
        vehicleId: w.vehicleId, tankId: w.tankId, unNo: g?.unNo, goodsName: g?.goodsName, goodsClass: g?.goodsClass, cleaned: false,
        originRegion: w.destRegion, originAddress: w.destAddress, destRegion: w.originRegion, destAddress: w.originAddress,
        tripDate: dayjs().format('YYYY-MM-DD'), driverId: w.driverId, escortId: w.escortId, waybillNo: w.waybillNo,
        remark: `运单${w.waybillNo ?? ''}卸货后空车返程`,
      },
      labels: { vehicleId: w.plateNo, tankId: w.tankNo, driverId: w.driverName, escortId: w.escortName },
      payload: { waybillId: w.id },
    };
  }, [w, waybillId, editing]);
  return <ResourceEditPage key={waybillId} resourceKey="emptyLedger" paths={PATHS} title={{ add: '登记空车台账', edit: '编辑空车台账' }} start={start} />;
}

export function EmptyLedgerInfo() {
  return <ResourceInfoPage resourceKey="emptyLedger" paths={PATHS} title="空车台账详情" />;
}
