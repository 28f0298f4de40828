/**
 * Reading an uploaded xlsx keeps every Chinese character: a file of thousands of rows written both
 * ways Excel-like tools write them (shared strings, and inline strings as streaming writers do) reads
 * back exactly. ExcelJS's streaming reader failed this (一级 → 一�� at its chunk boundaries).
 */
import { describe, it, expect } from 'vitest';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { readSheet, Imports } from '../src/platform/crud/excel.ts';
import type { SharedState } from '../src/platform/shared-state.ts';

const WORDS = ['一级', '罐式货车', '浙江省杭州市上城区化工园区纬五路', '车用汽油或汽油', '驾驶员', '押运员', '营运', '黄色', '浙A', '，、。'];
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`浙A${String(i).padStart(5, '0')}`, WORDS[i % WORDS.length]!.repeat(1 + (i % 7)), i, `${WORDS[(i * 3) % WORDS.length]}${i}`]);

async function sharedStrings(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(['车牌号码', '技术等级', '序号', '备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function inlineStrings(rows: unknown[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('SheetJS');
  ws.addRow(['车牌号码', '技术等级', '序号', '备注']).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

describe('reading an xlsx', () => {
  const rows = rowsOf(6000);
  it.each([['shared strings', sharedStrings], ['inline strings', inlineStrings]])('keeps every character of 6,000 Chinese rows (%s)', async (_name, write) => {
    const read = await readSheet(await write(rows), 'vehicles.xlsx');
    expect(read[0]).toEqual(['车牌号码', '技术等级', '序号', '备注']);
    expect(read.slice(1)).toEqual(rows);
    expect(JSON.stringify(read)).not.toContain('\uFFFD');
  });
});

describe('imports on one instance', () => {
  // the shared copy is the multi-instance test's business; here it is a map
  const shared = new Map<string, object>();
  const state = { async putJob(k: string, b: object) { shared.set(k, b); }, async getJob(k: string) { return shared.get(k) ?? null; } } as unknown as SharedState;
  const imports = new Imports(state);
  const runImport = <T>(jobId: string, work: Parameters<Imports['run']>[2]) => imports.run('u1', jobId, work as never) as Promise<T>;
  const progress = (jobId: string, userId = 'u1') => imports.read(userId, jobId);
  it('run one at a time: the second waits with its progress at 排队, then runs', async () => {
    let release!: (v: string) => void;
    const first = runImport('job-first', (p) => { p.total = 10; return new Promise<string>((r) => { release = r; }); });
    const second = runImport('job-second', async (p) => { p.total = 3; p.done = 3; return 'second'; });
    await new Promise((r) => setTimeout(r, 20));
    expect(await progress('job-first')).toMatchObject({ stage: '读取文件', finished: false });
    expect(await progress('job-second')).toMatchObject({ stage: '排队', finished: false });
    release('first');
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(await progress('job-second')).toMatchObject({ stage: '完成', finished: true, done: 3, total: 3 });
    // the shared copy holds the end too, and another user's poll of the same job id finds nothing
    expect(shared.get('u1:job-second')).toMatchObject({ stage: '完成', finished: true });
    expect(await progress('job-second', 'u2')).toBeNull();
  });

  it('a failed import does not hold up the next', async () => {
    const bad = runImport('job-bad', async () => { throw new Error('文件无法读取'); });
    await expect(bad).rejects.toThrow('文件无法读取');
    expect(await runImport('job-after', async () => 'ok')).toBe('ok');
    expect(await progress('job-bad')).toMatchObject({ finished: true });
  });
});
