// Writes a small PDF of Chinese text for the demo chapters: `node make-pdf.mjs <out.pdf> <title> <line>…`.
// The text uses the PDF's predefined Chinese font (STSong-Light, UniGB-UCS2-H), so no font is embedded and the file
// stays a few kilobytes; every viewer supplies a Song face for it.
import { writeFileSync } from 'node:fs';

const [out, title, ...lines] = process.argv.slice(2);
if (!out || !title) { console.error('usage: node make-pdf.mjs <out.pdf> <title> <line>…'); process.exit(2); }
const hex = (s) => [...s].map((c) => c.codePointAt(0).toString(16).padStart(4, '0')).join('');
let y = 780;
const body = [`BT /F1 20 Tf 60 ${y} Td <${hex(title)}> Tj ET`];
for (const line of lines) {
  y -= 32;
  body.push(`BT /F1 13 Tf 60 ${y} Td <${hex(line)}> Tj ET`);
}
const stream = body.join('\n');
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
  '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R >>',
  '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
];
let pdf = '%PDF-1.4\n';
const offsets = [];
objects.forEach((o, i) => { offsets.push(Buffer.byteLength(pdf)); pdf += `${i + 1} 0 obj\n${o}\nendobj\n`; });
const xref = Buffer.byteLength(pdf);
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
writeFileSync(out, pdf);
