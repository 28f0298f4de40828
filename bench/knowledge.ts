/**
 * 知识库 full-text search over 50,000 documents: generated articles (a title and a body of a few hundred characters
 * drawn from the domain's sentences, a tag, an attachment name) spread over the seven topics, their search terms made
 * by the write path's own function, loaded straight into the tables; then `GET /api/zsk/knowledge/search` as an
 * enterprise user for two-character words (common and rare), a four-character phrase, a Latin code and a word no
 * document holds, one caller and four at once. Prints a table; asserts nothing.
 */
import pg from 'pg';
import { KNOWLEDGE_TOPICS } from '@dg/core/resources/knowledge';
import { tableName } from '@dg/core';
import { searchTerms } from '../server/src/modules/knowledge/search-text.ts';
import { load, request } from './load.ts';

export interface KnowledgeBenchContext { baseUrl: string; databaseUrl?: string; token(user: string, password: string): Promise<string>; label?: string; seconds?: number }

const DOCUMENTS = 50_000;
const BATCH = 1_000;
const SUBJECTS = ['常压罐车', '液化石油气罐车', '罐式集装箱', '可移动罐柜', '危险货物运单', '押运人员', '驾驶人', '装货人', '托运人', '卫星定位装置', '紧急切断装置', '静电接地', '安全阀', '标志牌', '灭火器'];
const ACTIONS = ['应当定期检验', '发生泄漏时立即停车', '起运前进行外观检查', '按核定载质量装载', '不得超出适装介质范围', '随车携带书面声明', '做好查验记录', '进行运输安全告知', '远离火源和热源', '设置警示标志'];
const PLACES = ['在高速公路服务区', '在城市道路', '在装货现场', '在卸货站台', '在隧道内', '在加油站附近', '在停车场'];
const CODES = ['UN1203', 'UN1075', 'UN1005', 'UN1830', 'GB13392', 'JT617', 'GB190'];

/** a reproducible pseudo-random stream */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => { s = (s * 1664525 + 1013904223) >>> 0; return s % n; };
}

function article(i: number) {
  const r = rng(i * 7919 + 17);
  const pick = <T>(a: readonly T[]) => a[r(a.length)]!;
  const title = `${pick(SUBJECTS)}${pick(ACTIONS)}的要求（${i}）`;
  const sentences = Array.from({ length: 8 + r(8) }, () => `${pick(PLACES)}，${pick(SUBJECTS)}${pick(ACTIONS)}，${pick(CODES)}类货物尤须注意。`);
  const body = sentences.join('');
  const tags = `${pick(SUBJECTS)},${pick(CODES)}`;
  const file = `${pick(SUBJECTS)}检查表${i}.pdf`;
  return { title, content: `<p>${body}</p>`, tags, attachments: [{ id: '00000000-0000-0000-0000-000000000000', name: file }], searchTitle: searchTerms(title), searchBody: searchTerms([body, tags, file].join('\n')) };
}

export async function benchKnowledge(c: KnowledgeBenchContext) {
  if (!c.databaseUrl) { console.log('\nknowledge: skipped (needs the database URL)'); return; }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    const t0 = Date.now();
    for (let start = 0; start < DOCUMENTS; start += BATCH) {
      const def = KNOWLEDGE_TOPICS[(start / BATCH) % KNOWLEDGE_TOPICS.length]!;
      const category = (def.fields.category as { options: { value: string }[] }).options[0]!.value;
      const docs = Array.from({ length: Math.min(BATCH, DOCUMENTS - start) }, (_, k) => article(start + k));
      await db.query(`insert into ${tableName(def)} (title, category, content, tags, attachments, publish_date, search_title, search_body)
        select x.title, $2, x.content, x.tags, x.attachments, current_date - (x.n % 3000), x.search_title, x.search_body
        from jsonb_to_recordset($1::jsonb) as x(title text, content text, tags text, attachments jsonb, n int, search_title text, search_body text)`,
      [JSON.stringify(docs.map((d, k) => ({ ...d, n: start + k, search_title: d.searchTitle, search_body: d.searchBody }))), category]);
    }
    for (const def of KNOWLEDGE_TOPICS) await db.query(`vacuum analyze ${tableName(def)}`);
    const loadSeconds = (Date.now() - t0) / 1000;

    const qiye = await c.token('qiye', 'qiye123');
    const seconds = c.seconds ?? 3;
    const search = (q: string) => async () => {
      const r = await request(`${c.baseUrl}/api/zsk/knowledge/search?q=${encodeURIComponent(q)}`, { token: qiye });
      return r.status === 200 && (JSON.parse(r.text) as { status: number }).status === 200;
    };
    const rows: Record<string, unknown>[] = [];
    const cases: [string, string][] = [
      ['2字词 常见 (罐车, in most documents)', '罐车'], ['2字词 较少 (隧道)', '隧道'], ['4字词 (紧急切断)', '紧急切断'],
      ['两个词 (押运 泄漏)', '押运 泄漏'], ['编号 (UN1830)', 'UN1830'], ['无结果 (氢氟)', '氢氟'],
    ];
    for (const [what, q] of cases) {
      const one = await load(search(q), { concurrency: 1, seconds });
      const four = await load(search(q), { concurrency: 4, seconds });
      rows.push({ what, 'p50 (1 caller)': one.p50, 'p99 (1 caller)': one.p99, 'p50 (4)': four.p50, 'p99 (4)': four.p99, 'req/s (4)': Math.round(four.rps), errors: one.errors + four.errors });
    }
    console.log(`\n知识库全文检索 — ${c.label ?? ''} (loaded ${DOCUMENTS} documents in ${loadSeconds.toFixed(1)} s; ms)`);
    console.table(rows);
  } finally {
    await db.end();
  }
}
