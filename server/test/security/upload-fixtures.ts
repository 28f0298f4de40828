/**
 * Hostile uploads built in memory: zips written by hand (so their declared sizes can lie), deflate streams that
 * inflate to hundreds of megabytes without the test ever holding those bytes, and multipart bodies with whatever
 * names and fields a client can send.
 */
import { constants, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** the entry's bytes as stored: raw deflate (method 8) or as they are (method 0) */
  data: Buffer;
  method?: 0 | 8;
  /** the inflated size the zip declares; may lie */
  size?: number;
}

/** a zip of the entries (local headers, central directory, end record); CRCs are left 0: the reader under test does not check them */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.method ?? 8;
    const size = e.size ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** a deflated entry of `text` */
export const deflated = (name: string, text: string | Buffer, size?: number): ZipEntry => ({ name, data: deflateRawSync(text, { level: 9 }), size });

/**
 * A raw deflate stream of `head`, then `unit` repeated to `totalBytes`, then `tail` — built from one compressed megabyte
 * of `unit`s repeated: each piece is compressed on its own and ends on a full flush (byte-aligned, no reference to what
 * came before), so the pieces join into one valid stream. `totalBytes` of inflated data cost ~1/1000 of that here.
 */
export function inflatesTo(head: string, unit: string | Buffer, totalBytes: number, tail: string): Buffer {
  const u = typeof unit === 'string' ? Buffer.from(unit) : unit;
  const perMb = Math.floor((1024 * 1024) / u.length);
  const mb = Buffer.alloc(perMb * u.length);
  for (let i = 0; i < perMb; i++) u.copy(mb, i * u.length);
  const full = (b: Buffer | string) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const block = full(mb);
  const blocks = Math.max(1, Math.round(totalBytes / mb.length));
  return Buffer.concat([full(head), ...Array.from({ length: blocks }, () => block), deflateRawSync(tail, { level: 9 })]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RNS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${RNS}"><sheets><sheet name="SheetJS" sheetId="1" r:id="rId1"/></sheets></workbook>`;
export const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
  + `<Relationship Id="rId1" Type="${RNS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
/** a sheet of rows of inline strings */
export const sheetOf = (rows: string[][]) => SHEET_HEAD + rows.map((r, i) => `<row r="${i + 1}">${r.map((v) => `<c t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`).join('') + SHEET_TAIL;

/** an xlsx of a workbook with one sheet, its parts replaced, added or (null) left out by `parts` (a name → its entry) */
export function xlsx(parts: Record<string, ZipEntry | string | null> = {}): Buffer {
  const all: Record<string, ZipEntry | string | null> = {
    'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetOf([['车牌号码']]), ...parts,
  };
  return zip(Object.entries(all).filter((e): e is [string, ZipEntry | string] => e[1] !== null)
    .map(([name, p]) => (typeof p === 'string' ? deflated(name, p) : { ...p, name })));
}

export interface Part { name: string; filename?: string; /** a raw header tail instead of filename="…", e.g. filename*=UTF-8''a%00b */ disposition?: string; type?: string; data: Buffer | string }

/** a multipart/form-data body of the parts; `truncated` leaves out the closing boundary and the last bytes */
export function multipart(parts: Part[], opts: { truncated?: boolean } = {}): { payload: Buffer; contentType: string } {
  const boundary = '----dgfuzz' + Math.random().toString(36).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.disposition ?? (p.filename === undefined ? '' : `; filename="${p.filename}"`);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload: opts.truncated ? payload.subarray(0, payload.length - boundary.length - 12) : payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
