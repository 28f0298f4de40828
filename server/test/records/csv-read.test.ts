/**
 * A csv read a megabyte at a time (platform/crud/excel.ts sheetRows), from memory and from the file an import spools
 * it to: a line break, a doubled quote and a quoted line break that fall across two pieces read as they do in one
 * piece — no row lost, none added, the row numbers of the rows after them unchanged.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sheetRows, type Upload } from '../../src/platform/crud/excel.ts';

const MB = 1 << 20;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dg-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** the rows a batch of a csv holds (excel.ts CSV_BATCH_ROWS): the tail's row ends the fifth batch, a cut of its own */
const BATCH = 2000;

/**
 * A file whose `tail` has its byte `at` as the last byte of the first megabyte and whose first row ends a batch (the
 * 10,000th row of the file): a header, filler rows up to it, the tail, and a last row. Answers the file and the number
 * of the tail's first row.
 */
function across(tail: string, at: number): { file: Buffer; tailRow: number } {
  const head = '编号,内容\n';
  const rows = 5 * BATCH - 2;
  const fill = MB - 1 - at - Buffer.byteLength(head);
  const each = Math.floor(fill / rows);
  // rows of `each` bytes, the first longer by what is left over
  const lines = Array.from({ length: rows }, (_, i) => `f,${'x'.repeat(each - 3 + (i === 0 ? fill % rows : 0))}\n`);
  const file = Buffer.from(head + lines.join('') + tail + 'after,1\n');
  return { file, tailRow: 1 + rows + 1 };
}

async function read(src: Upload) {
  const rows: { rowNo: number; cells: unknown[] }[] = [];
  for await (const r of sheetRows(src, 'passages.csv')) rows.push(r);
  return rows;
}

const sources = (file: Buffer): [string, Upload][] => {
  const p = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(p, file);
  return [['in memory', file], ['from its file', { path: p }]];
};

describe('a csv across pieces', () => {
  it('a CR LF split between two pieces is one line break', async () => {
    const { file, tailRow } = across('crlf,1\r\n', 'crlf,1\r'.length - 1);
    expect(file[MB - 1]).toBe(0x0d);
    expect(file[MB]).toBe(0x0a);
    for (const [how, src] of sources(file)) {
      const rows = await read(src);
      expect(rows.find((r) => r.cells[0] === 'crlf'), how).toMatchObject({ rowNo: tailRow, cells: ['crlf', 1] });
      expect(rows.at(-1), how).toEqual({ rowNo: tailRow + 1, cells: ['after', 1] });
      expect(rows.every((r) => r.cells.length === 2), how).toBe(true);
    }
  });

  it('a doubled quote split between two pieces is one quote, and the field goes on', async () => {
    const tail = 'quote,"他说""好"",走"\n';
    const { file, tailRow } = across(tail, Buffer.byteLength('quote,"他说'));
    expect(file[MB - 1]).toBe(0x22);
    expect(file[MB]).toBe(0x22);
    for (const [how, src] of sources(file)) {
      const rows = await read(src);
      expect(rows.find((r) => r.cells[0] === 'quote'), how).toEqual({ rowNo: tailRow, cells: ['quote', '他说"好",走'] });
      expect(rows.at(-1), how).toEqual({ rowNo: tailRow + 1, cells: ['after', 1] });
    }
  });

  it('a quoted line break split between two pieces ends no row', async () => {
    const tail = 'multi,"第一行\r\n第二行"\n';
    const { file, tailRow } = across(tail, Buffer.byteLength('multi,"第一行'));
    expect(file[MB - 1]).toBe(0x0d);
    expect(file[MB]).toBe(0x0a);
    for (const [how, src] of sources(file)) {
      const rows = await read(src);
      expect(rows.find((r) => r.cells[0] === 'multi'), how).toEqual({ rowNo: tailRow, cells: ['multi', '第一行\r\n第二行'] });
      expect(rows.at(-1), how).toEqual({ rowNo: tailRow + 1, cells: ['after', 1] });
    }
  });

  it('a character of three bytes split between two pieces reads whole', async () => {
    const tail = 'han,数据融合\n';
    const { file, tailRow } = across(tail, Buffer.byteLength('han,数') + 1);
    for (const [how, src] of sources(file)) {
      const rows = await read(src);
      expect(rows.find((r) => r.cells[0] === 'han'), how).toEqual({ rowNo: tailRow, cells: ['han', '数据融合'] });
      expect(rows.length, how).toBe(tailRow + 1);
    }
  });
});
