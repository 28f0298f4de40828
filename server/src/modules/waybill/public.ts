/**
 * The roadside check (/transportInfo-qyd): an inspector scans the waybill's QR code. No token; rate
 * limited per address; names masked, no phone or ID numbers; one message for a wrong number or code.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskName } from '@dg/core/waybill';
import type { App } from '../../platform/context.ts';
import { waybillAnswers, type Served } from '@dg/core';
import { ok, badInput } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { regionName } from '../../platform/regions.ts';

export const PUBLIC_CHECK_PER_MINUTE = 30;
const WRONG = '运单不存在或校验码错误';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const publicCheckRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  app.get('/public/transportInfo', {
    config: { access: { public: true } },
    schema: { tags: ['电子运单'], summary: '运单二维码查验（公开）', querystring: z.object({ no: z.string().max(40).optional(), code: z.string().max(20).optional() }),
      response: answer(waybillAnswers.public) },
  }, async (req) => {
    if (!(await app.ctx.state.hit(`transportInfo:${req.ip}`, PUBLIC_CHECK_PER_MINUTE, 60))) throw badInput('查询过于频繁，请稍后再试');
    const { no = '', code = '' } = req.query;
    if (!/^\d{20}$/.test(no.trim()) || !code.trim()) throw badInput(WRONG);
    const db = app.ctx.database.db;
    const w = (await db.execute(sql`select w.* from waybill_number n join waybill w on w.id = n.waybill_id and w.created_at = n.waybill_created_at
      where n.waybill_no = ${no.trim()} and w.deleted_at is null`)).rows[0] as Record<string, any> | undefined;
    if (!w || !w.check_code || !same(String(w.check_code), code.trim().toUpperCase())) throw badInput(WRONG);
    const goods = await db.execute<Served<typeof waybillAnswers.public>['goods'][number]>(sql`select un_no as "unNo", goods_name as "goodsName", goods_class as "goodsClass", packing_group as "packingGroup",
      coalesce(actual_quantity, quantity) as quantity, unit from waybill_goods where waybill_id = ${w.id} and waybill_created_at = ${w.created_at} order by line_no`);
    return ok({
      waybillNo: w.waybill_no, state: w.state, waybillType: w.waybill_type,
      carrierName: w.carrier_name, carrierLicenceNo: w.carrier_licence_no,
      plateNo: w.plate_no, plateColor: w.plate_color, trailerPlateNo: w.trailer_plate_no, tankNo: w.tank_no,
      goods: goods.rows,
      originRegionName: regionName(w.origin_region), originAddress: w.origin_address, destRegionName: regionName(w.dest_region), destAddress: w.dest_address,
      startDate: w.start_date, dispatchedAt: w.dispatched_at, distributedAt: w.distributed_at,
      driverName: maskName(w.driver_name), escortName: maskName(w.escort_name),
    });
  });
};
