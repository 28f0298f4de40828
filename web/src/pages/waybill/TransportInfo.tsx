/**
 * /transportInfo-qyd?no=&code= — the public waybill check a roadside inspector opens by scanning the
 * QR code. No sign-in, phone first (360–414 px): carrier, plates, goods (UN, name,
 * class, PG, quantity), origin, destination, status, dispatch time; driver and escort names masked,
 * no phone or ID numbers. A wrong number or code: 运单不存在或校验码错误. Without parameters, a
 * small form takes the number and code printed on a paper waybill.
 */
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Spin } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { PublicWaybill } from '@dg/core';
import { getPublicWaybill } from './api';
import { pgLabel, placeText, plateColorName } from './common';

const WRONG = '运单不存在或校验码错误';
/** states in which the waybill is valid for the road */
const ON_ROAD = ['待装货', '运输中'];

const css = `
.tiq { min-height: 100vh; background: #eef2f6; padding: 12px 10px 24px; box-sizing: border-box; font-size: 15px; color: #1f2329;
  font-family: -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; }
.tiq-wrap { max-width: 414px; margin: 0 auto; }
.tiq-brand { display: flex; align-items: center; gap: 6px; color: #4a5568; font-size: 13px; margin: 2px 4px 10px; }
.tiq-card { background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(15, 23, 42, .08); margin-bottom: 10px; overflow: hidden; }
.tiq-status { padding: 16px; color: #fff; }
.tiq-status.ok { background: linear-gradient(135deg, #0f9d58, #34a853); }
.tiq-status.warn { background: linear-gradient(135deg, #d97706, #f59e0b); }
.tiq-status.done { background: linear-gradient(135deg, #475569, #64748b); }
.tiq-status.bad { background: linear-gradient(135deg, #c62828, #e53935); }
.tiq-status .big { font-size: 22px; font-weight: 600; display: flex; align-items: center; gap: 8px; }
.tiq-status .no { margin-top: 6px; font-size: 14px; opacity: .95; letter-spacing: .3px; word-break: break-all; }
.tiq-sec { padding: 12px 16px; }
.tiq-sec + .tiq-sec { border-top: 1px solid #f0f2f5; }
.tiq-h { font-size: 13px; color: #6b7280; margin-bottom: 6px; }
.tiq-row { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; line-height: 1.45; }
.tiq-row .k { color: #6b7280; flex: none; }
.tiq-row .v { text-align: right; word-break: break-all; font-weight: 500; }
.tiq-plate { display: inline-block; padding: 1px 8px; border-radius: 4px; font-weight: 600; letter-spacing: 1px; border: 1px solid #1f2329; }
.tiq-plate.c2 { background: #facc15; border-color: #a16207; }
.tiq-plate.c1 { background: #1d4ed8; color: #fff; border-color: #1e3a8a; }
.tiq-plate.c5 { background: #86efac; border-color: #15803d; }
.tiq-goods { padding: 10px 12px; border-radius: 8px; background: #fff7ed; border: 1px solid #fed7aa; margin-bottom: 8px; }
.tiq-goods .un { font-weight: 700; color: #c2410c; margin-right: 6px; }
.tiq-goods .meta { color: #6b7280; font-size: 13px; margin-top: 2px; }
.tiq-route { display: flex; flex-direction: column; gap: 6px; }
.tiq-route .pt { display: flex; gap: 8px; }
.tiq-route .dot { flex: none; width: 20px; height: 20px; border-radius: 50%; color: #fff; font-size: 12px; text-align: center; line-height: 20px; margin-top: 1px; }
.tiq-foot { text-align: center; color: #9ca3af; font-size: 12px; margin-top: 14px; line-height: 1.6; }
.tiq-err { padding: 28px 16px; text-align: center; }
.tiq-err .icon { font-size: 44px; color: #e53935; }
.tiq-err .msg { font-size: 17px; font-weight: 600; margin: 10px 0 6px; }
`;

const fmt = (v?: string | null) => (v ? (dayjs(v).isValid() ? dayjs(v).format('YYYY-MM-DD HH:mm') : v) : '-');

function Row({ k, v }: { k: string; v: ReactNode }) {
  return <div className="tiq-row"><span className="k">{k}</span><span className="v">{v || '-'}</span></div>;
}

function Plate({ no, color }: { no?: string | null; color?: string | null }) {
  if (!no) return <>-</>;
  return <span className={`tiq-plate c${color ?? ''}`} title={plateColorName(color)}>{no}</span>;
}

export default function TransportInfo() {
  const [params, setParams] = useSearchParams();
  const no = (params.get('no') ?? '').trim();
  const code = (params.get('code') ?? '').trim();
  const q = useQuery({
    queryKey: ['public', 'transportInfo', no, code],
    queryFn: () => getPublicWaybill(no, code),
    enabled: Boolean(no && code),
    retry: false,
    staleTime: 30_000,
  });

  return (
    <div className="tiq" data-testid="transport-info">
      <style>{css}</style>
      <div className="tiq-wrap">
        <div className="tiq-brand"><SafetyCertificateOutlined /> 危险货物道路运输电子运单查验</div>
        {!no || !code ? (
          <AskForm onSubmit={(n, c) => setParams({ no: n, code: c })} />
        ) : q.isLoading ? (
          <div className="tiq-card tiq-err"><Spin /></div>
        ) : q.isError || !q.data ? (
          <div className="tiq-card tiq-err" data-testid="transport-info-error">
            <CloseCircleFilled className="icon" />
            <div className="msg">{(q.error as Error | null)?.message || WRONG}</div>
            <div style={{ color: '#6b7280', fontSize: 13 }}>请核对运单编号和校验码，或联系承运企业</div>
            <div style={{ marginTop: 16 }}><AskForm compact initial={{ no, code }} onSubmit={(n, c) => setParams({ no: n, code: c })} /></div>
          </div>
        ) : (
          <WaybillCard w={q.data} />
        )}
        <div className="tiq-foot">信息以查询时为准 · 查询时间 {dayjs().format('YYYY-MM-DD HH:mm')}</div>
      </div>
    </div>
  );
}

function WaybillCard({ w }: { w: PublicWaybill }) {
  const tone = ON_ROAD.includes(w.state) ? 'ok' : w.state === '已完成' ? 'done' : w.state === '已作废' || w.state === '异常关闭' ? 'bad' : 'warn';
  const hint = ON_ROAD.includes(w.state) ? '运单有效' : w.state === '已完成' ? '运输已完成' : w.state === '已作废' ? '运单已作废，不得凭此运输' : w.state === '异常关闭' ? '运单已异常关闭' : '运单尚未下发';
  return (
    <div data-testid="transport-info-card">
      <div className="tiq-card">
        <div className={`tiq-status ${tone}`}>
          <div className="big">{tone === 'ok' ? <CheckCircleFilled /> : tone === 'bad' ? <CloseCircleFilled /> : null}<span data-testid="ti-state">{w.state}</span><span style={{ fontSize: 14, fontWeight: 400, opacity: .9 }}>{hint}</span></div>
          <div className="no">运单编号 <span data-testid="ti-no">{w.waybillNo}</span></div>
        </div>
        <div className="tiq-sec">
          <div className="tiq-h">承运人</div>
          <Row k="单位" v={<span data-testid="ti-carrier">{w.carrierName}</span>} />
          {w.carrierLicenceNo && <Row k="许可证号" v={w.carrierLicenceNo} />}
          {w.waybillType && <Row k="运单类型" v={w.waybillType} />}
        </div>
        <div className="tiq-sec">
          <div className="tiq-h">车辆</div>
          <Row k="车牌" v={<span data-testid="ti-plate"><Plate no={w.plateNo} color={w.plateColor} /></span>} />
          {w.trailerPlateNo && <Row k="挂车" v={<Plate no={w.trailerPlateNo} color="2" />} />}
          {w.tankNo && <Row k="罐体" v={w.tankNo} />}
          <Row k="驾驶员" v={<span data-testid="ti-driver">{w.driverName}</span>} />
          <Row k="押运员" v={<span data-testid="ti-escort">{w.escortName}</span>} />
        </div>
      </div>

      <div className="tiq-card">
        <div className="tiq-sec">
          <div className="tiq-h">货物（{w.goods.length}）</div>
          {w.goods.map((g, i) => (
            <div className="tiq-goods" key={i} data-testid="ti-goods">
              <div><span className="un">UN{g.unNo}</span>{g.goodsName}</div>
              <div className="meta">
                第{g.goodsClass}类{g.packingGroup && g.packingGroup !== '-' ? ` · 包装类别${pgLabel(g.packingGroup)}` : ''} · <b style={{ color: '#1f2329' }}>{Number(g.quantity)}{g.unit}</b>
              </div>
            </div>
          ))}
        </div>
        <div className="tiq-sec">
          <div className="tiq-h">线路</div>
          <div className="tiq-route">
            <div className="pt"><span className="dot" style={{ background: '#16a34a' }}>起</span><span data-testid="ti-origin">{placeText(w.originRegionName, w.originAddress) || '-'}</span></div>
            <div className="pt"><span className="dot" style={{ background: '#dc2626' }}>终</span><span data-testid="ti-dest">{placeText(w.destRegionName, w.destAddress) || '-'}</span></div>
          </div>
        </div>
        <div className="tiq-sec">
          <Row k="起运日期" v={w.startDate} />
          <Row k="调度时间" v={fmt(w.dispatchedAt)} />
          <Row k="下发时间" v={fmt(w.distributedAt)} />
        </div>
      </div>
    </div>
  );
}

function AskForm({ onSubmit, initial, compact }: { onSubmit: (no: string, code: string) => void; initial?: { no: string; code: string }; compact?: boolean }) {
  const [no, setNo] = useState(initial?.no ?? '');
  const [code, setCode] = useState(initial?.code ?? '');
  const ok = /^\d{20}$/.test(no.trim()) && code.trim().length > 0;
  const body = (
    <Form name={compact ? 'ti_query_again' : 'ti_query'} layout="vertical" onFinish={() => ok && onSubmit(no.trim(), code.trim().toUpperCase())} style={{ textAlign: 'left' }}>
      <Form.Item label="运单编号" style={{ marginBottom: 10 }}>
        <Input size="large" inputMode="numeric" maxLength={20} value={no} onChange={(e) => setNo(e.target.value.replace(/\D/g, ''))} placeholder="20位运单编号" data-testid="ti-input-no" />
      </Form.Item>
      <Form.Item label="校验码" style={{ marginBottom: 12 }}>
        <Input size="large" maxLength={8} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} placeholder="运单上的校验码" data-testid="ti-input-code" />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" disabled={!ok} data-testid="ti-query">查验</Button>
    </Form>
  );
  if (compact) return body;
  return (
    <div className="tiq-card tiq-sec" style={{ padding: 16 }}>
      <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>请输入运单编号和校验码</div>
      {body}
      <div style={{ color: '#9ca3af', fontSize: 12, marginTop: 10 }}>扫描运单二维码可直接查验</div>
    </div>
  );
}
