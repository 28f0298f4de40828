import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instant, STATUS } from '@dg/core';
import { answer, answerSerializer } from './answers.ts';

const schema = answer(z.object({ id: z.string(), at: instant, score: z.number().nullable() }))[200];
const serialize = (check: boolean) => answerSerializer(check)({ schema, method: 'GET', url: '/x/:id', httpStatus: '200' } as never);
const at = new Date('2026-11-28T06:00:00.000Z');

describe('answers checked against their schema', () => {
  it('sends a declared answer as JSON.stringify does, with its time as ISO text', () => {
    const body = { status: STATUS.OK, message: 'success', data: { id: 'a', at, score: null } };
    expect(serialize(true)(body)).toBe(JSON.stringify(body));
    expect(JSON.parse(serialize(true)(body)).data.at).toBe('2026-11-28T06:00:00.000Z');
    // the database's own text of it, as drizzle's execute leaves it, travels as it is
    const read = { ...body, data: { ...body.data, at: '2026-11-28 14:00:00.123+08' } };
    expect(serialize(true)(read)).toBe(JSON.stringify(read));
    expect(() => serialize(true)({ ...body, data: { ...body.data, at: '昨天' } })).toThrow(/at/);
  });

  it('refuses, when checking, an answer with a field of another type, a missing field or an undeclared one', () => {
    expect(() => serialize(true)({ status: STATUS.OK, message: 'success', data: { id: 'a', at, score: '3' } })).toThrow(/score/);
    expect(() => serialize(true)({ status: STATUS.OK, message: 'success', data: { id: 'a', at } })).toThrow(/score/);
    expect(() => serialize(true)({ status: STATUS.OK, message: 'success', data: { id: 'a', at, score: 1, extra: 2 } })).toThrow(/data\.extra/);
  });

  it('sends a refusal on HTTP 200 whatever the schema, and in production sends every answer as it is', () => {
    const refusal = { status: STATUS.BAD_INPUT, message: '名称：不能为空', data: null };
    expect(serialize(true)(refusal)).toBe(JSON.stringify(refusal));
    const drifted = { status: STATUS.OK, message: 'success', data: { id: 'a', extra: 1 } };
    expect(serialize(false)(drifted)).toBe(JSON.stringify(drifted));
  });

  it('checks a raw body (a route declaring its 200 itself) whole, but lets a refusal through', () => {
    const raw = z.array(z.object({ code: z.string(), at: instant }));
    const serializeRaw = answerSerializer(true)({ schema: raw, method: 'GET', url: '/front/menus', httpStatus: '200' } as never);
    expect(serializeRaw([{ code: 'a', at }])).toBe(JSON.stringify([{ code: 'a', at }]));
    expect(() => serializeRaw([{ code: 'a', at, extra: 1 }])).toThrow(/\[0\]\.extra/);
    expect(() => serializeRaw([{ at }])).toThrow(/code/);
    const refusal = { status: STATUS.BAD_INPUT, message: '数据不存在或无权访问', data: null };
    expect(serializeRaw(refusal)).toBe(JSON.stringify(refusal));
    // a raw body's own `status` field is not an envelope's
    const health = z.object({ status: z.literal('ok'), uptime: z.number() });
    const serializeHealth = answerSerializer(true)({ schema: health, method: 'GET', url: '/health', httpStatus: '200' } as never);
    expect(serializeHealth({ status: 'ok', uptime: 1 })).toBe('{"status":"ok","uptime":1}');
    expect(() => serializeHealth({ status: 'ok', uptime: '1' })).toThrow(/uptime/);
  });
});
