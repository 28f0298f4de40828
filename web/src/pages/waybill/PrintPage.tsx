/**
 * /transportMission/print?id=: the waybill laid out like the official 危险货物道路运输运单
 * (the template the Ministry of Transport publishes): 托运人, 收货人, 装货人, 起运/目的地 (□城市配送), 承运人 (许可证号),
 * 车辆/挂车/罐体, 驾驶员/押运员 (从业资格证号), goods lines, 例外数量/有限数量, 备注, 调度人/调度日期,
 * with the QR code that opens the public check (/transportInfo-qyd). A4; printing hides the shell.
 */
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import dayjs from 'dayjs';
import type { WaybillPrint } from '@dg/core';
import { getPrint } from './api';
import { fmtNum, fmtTime, pgLabel, placeText, plateColorName, useQueryParam, WAYBILL_ROUTES } from './common';
import './print.css';

const v = (x: unknown) => (x === null || x === undefined || x === '' ? '' : String(x));
const box = (on: boolean) => <span className="wb-print-box">{on ? '✓' : ''}</span>;

export default function PrintPage() {
  const id = useQueryParam('id');
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['waybill', 'print', id], queryFn: () => getPrint(id), enabled: Boolean(id), staleTime: 0 });
  if (!id) return <Result status="warning" title="缺少运单参数" />;
  if (q.isLoading) return <Card><Skeleton active /></Card>;
  if (q.isError || !q.data) return <Result status="warning" title="运单不存在或无权访问" />;
  const d = q.data;
  return (
    <div className="wb-print-page" data-testid="print-page">
      <div className="wb-print-toolbar">
        <Space>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-button">打印</Button>
          <Button onClick={() => navigate(WAYBILL_ROUTES.baseInfo(d.id))}>运单详情</Button>
        </Space>
        <Typography.Text type="secondary">A4 纵向；打印时请在浏览器打印设置中关闭“页眉和页脚”</Typography.Text>
      </div>
      <WaybillSheet d={d} />
    </div>
  );
}

export function WaybillSheet({ d }: { d: WaybillPrint }) {
  const qrUrl = d.qr?.url ?? (d.waybillNo && d.checkCode
    ? `${window.location.origin}/transportInfo-qyd?no=${encodeURIComponent(d.waybillNo)}&code=${encodeURIComponent(d.checkCode)}`
    : null);
  const goods = d.goods ?? [];
  const rows = Math.max(goods.length, 3);
  return (
    <div className="wb-print-sheet" data-testid="print-sheet">
      <h1 className="wb-print-title">{d.title || '危险货物道路运输运单'}</h1>
      <div className="wb-print-head">
        <div>
          <div className="wb-print-no">运单编号：<strong data-testid="print-waybill-no">{d.waybillNo || '（未下发）'}</strong>
            {!d.waybillNo && <span className="wb-print-draft">未下发 仅供核对</span>}
          </div>
          <div className="wb-print-no">运单类型：{d.waybillType}　　状态：{d.state}</div>
        </div>
        {qrUrl && (
          <div className="wb-print-qr" data-testid="print-qr">
            {d.qr?.dataUrl ? <img src={d.qr.dataUrl} alt="运单二维码" /> : <QRCodeSVG value={qrUrl} level="M" size={120} />}
            <div>校验码 {d.checkCode}</div>
          </div>
        )}
      </div>
      <table className="wb-print-table">
        <colgroup>
          <col style={{ width: '9%' }} /><col style={{ width: '10%' }} /><col style={{ width: '25%' }} />
          <col style={{ width: '13%' }} /><col style={{ width: '17%' }} /><col style={{ width: '10%' }} /><col style={{ width: '16%' }} />
        </colgroup>
        <tbody>
          <tr><th className="wb-group">托运人</th><th>单位名称</th><td>{v(d.shipperName)}</td><th>联系人</th><td>{v(d.shipperContact)}</td><th>联系电话</th><td>{v(d.shipperPhone)}</td></tr>
          <tr><th className="wb-group">收货人</th><th>单位名称</th><td>{v(d.consigneeName)}</td><th>联系电话</th><td colSpan={3}>{v(d.consigneePhone)}</td></tr>
          <tr><th className="wb-group">装货人</th><th>单位名称</th><td>{v(d.loaderName)}</td><th>联系电话</th><td>{v(d.loaderPhone)}</td><th>装货地点</th><td>{v(d.loadingPlace)}</td></tr>
          <tr><th className="wb-group">起运</th><th>起运日期</th><td>{v(d.startDate)}</td><th>起运地</th><td colSpan={3}>{placeText(d.originRegionName, d.originAddress)}</td></tr>
          <tr>
            <th className="wb-group">目的地</th><th>目的地</th><td colSpan={3}>{placeText(d.destRegionName, d.destAddress)}{d.via ? `（途经：${d.via}）` : ''}</td>
            <td colSpan={2}>{box(d.waybillType === '城市配送')}城市配送</td>
          </tr>
          <tr><th className="wb-group">承运人</th><th>单位名称</th><td>{v(d.carrierName)}</td><th>联系电话</th><td>{v(d.carrierPhone)}</td><th>许可证号</th><td>{v(d.carrierLicenceNo)}</td></tr>
          <tr><th className="wb-group">车辆</th><th>车牌号码</th><td>{v(d.plateNo)}</td><th>车牌颜色</th><td>{plateColorName(d.plateColor)}</td><th>道路运输证号</th><td>{v(d.vehicleCertNo)}</td></tr>
          <tr><th className="wb-group">挂车</th><th>挂车号牌</th><td>{v(d.trailerPlateNo)}</td><th>道路运输证号</th><td colSpan={3}>{v(d.trailerCertNo)}</td></tr>
          <tr><th className="wb-group">罐体</th><th>罐体编号</th><td>{v(d.tankNo)}</td><th>罐体容积</th><td colSpan={3}>{d.tankVolume != null ? `${fmtNum(d.tankVolume, 2)} 立方米` : ''}</td></tr>
          <tr><th className="wb-group">驾驶员</th><th>姓名</th><td>{v(d.driverName)}</td><th>从业资格证号</th><td>{v(d.driverQualificationNo)}</td><th>联系电话</th><td>{v(d.driverPhone)}</td></tr>
          <tr><th className="wb-group">押运员</th><th>姓名</th><td>{v(d.escortName)}</td><th>从业资格证号</th><td>{v(d.escortQualificationNo)}</td><th>联系电话</th><td>{v(d.escortPhone)}</td></tr>
          <tr>
            <th className="wb-group">货物信息</th>
            <td colSpan={6} style={{ padding: 0 }}>
              <table className="wb-print-goods" style={{ border: 'none' }}>
                <colgroup>
                  <col style={{ width: '7%' }} /><col style={{ width: '11%' }} /><col style={{ width: '30%' }} /><col style={{ width: '10%' }} />
                  <col style={{ width: '10%' }} /><col style={{ width: '14%' }} /><col style={{ width: '10%' }} /><col style={{ width: '8%' }} />
                </colgroup>
                <thead>
                  <tr><th>序号</th><th>联合国编号</th><th>危险货物名称</th><th>类别项别</th><th>包装类别</th><th>包装规格</th><th>数量</th><th>单位</th></tr>
                </thead>
                <tbody>
                  {Array.from({ length: rows }, (_, i) => {
                    const g = goods[i];
                    return g ? (
                      <tr key={g.id ?? i}>
                        <td>{i + 1}</td><td>UN{g.unNo}</td><td className="wb-name">{g.goodsName}</td>
                        <td>{g.goodsClass}{g.subsidiaryHazard ? `（${g.subsidiaryHazard}）` : ''}</td><td>{pgLabel(g.packingGroup)}</td>
                        <td>{v(g.packingSpec)}</td><td>{fmtNum(g.actualQuantity ?? g.quantity)}</td><td>{g.unit}</td>
                      </tr>
                    ) : <tr key={`empty${i}`}><td>&nbsp;</td><td /><td /><td /><td /><td /><td /><td /></tr>;
                  })}
                </tbody>
              </table>
            </td>
          </tr>
          <tr><th className="wb-group">备注</th><td colSpan={6}>{box(Boolean(d.limitedQuantity))}例外数量/有限数量　　{v(d.remark)}</td></tr>
          <tr>
            <th className="wb-group">调度</th><th>调度人</th><td>{v(d.dispatcherName)}</td><th>调度日期</th>
            <td colSpan={3}>{d.dispatchedAt ? dayjs(d.dispatchedAt).format('YYYY年MM月DD日 HH:mm') : ''}</td>
          </tr>
        </tbody>
      </table>
      <div className="wb-print-foot">
        <span>{d.distributedAt ? `下发时间：${fmtTime(d.distributedAt)}` : ''}</span>
        <span>扫描二维码可核验运单真伪　打印时间：{fmtTime(d.printedAt ?? new Date().toISOString())}</span>
      </div>
    </div>
  );
}
