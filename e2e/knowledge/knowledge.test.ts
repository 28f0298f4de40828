/**
 * 知识库 in the browser: 王监管 (government) adds a 法律法规 article with the rich-text editor; 张安全 (enterprise) searches
 * the knowledge base from 应急处置方法 for a two-character word inside the article's sentence, sees the hit with the
 * word marked, opens it and reads it; the enterprise is offered no 新增. The starting set's placard shows on a sign, and
 * the goods catalogue's search leads from 1203 to the emergency method of class 3.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, anyBtn, btn, login, newPage, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';

const ctx = useBrowser();
const STEMS = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';
/** a two-character word no other document holds */
const word = () => Array.from({ length: 2 }, () => STEMS[Math.floor(Math.random() * STEMS.length)]).join('') + '阀';

describe('知识库', () => {
  it('a government user adds an article; an enterprise user finds a word inside its sentence, sees it marked and opens it', async () => {
    const w = word();
    const title = `罐体紧急切断装置检查要求${w.slice(0, 2)}`;
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/zfdZskManager/regulationManager');
    await gov.getByTestId('knowledge-knRegulation').waitFor();
    await btn(gov, '新增').click();
    const dialog = gov.locator('.ant-modal', { hasText: '法律法规' });
    await dialog.locator('#knRegulation_form_title').fill(title);
    await pickOption(gov, 'knRegulation_form_category', '规范性文件');
    await dialog.locator('.ProseMirror').click();
    await gov.keyboard.type(`运输前应当检查罐体的${w}是否完好，发现泄漏立即停车处置。`);
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await toast(gov, '成功').waitFor();
    await gov.locator('.ant-table-row', { hasText: title }).waitFor();
    await gov.context().close();
    const [doc] = await sql<{ id: string }>(`select id from kn_regulation where title = $1`, [title]);
    expect(doc).toBeDefined();

    const qiye = await newPage(ctx.browser);
    await login(qiye, 'qiye');
    await qiye.goto(baseUrl() + '/zfdZskManager/emergencyManager');
    const page = qiye.getByTestId('knowledge-knEmergency');
    await page.waitFor();
    await expect.poll(() => qiye.getByTestId('under-construction').count()).toBe(0);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await anyBtn(qiye, '新增').count()).toBe(0);
    await qiye.getByTestId('knowledge-keyword').locator('input').fill(w);
    await qiye.getByTestId('knowledge-keyword').locator('input').press('Enter');
    const hit = qiye.getByTestId('knowledge-hit').first();
    await hit.waitFor();
    expect(await qiye.getByTestId('knowledge-hit').count()).toBe(1);
    expect(await hit.innerText()).toContain(title);
    const mark = hit.getByTestId('knowledge-snippet').locator('mark');
    expect(await mark.innerText()).toBe(w);
    expect(await hit.getByTestId('knowledge-snippet').innerText()).toContain(`检查罐体的${w}是否完好`);
    await shot(qiye, 'knowledge-search');

    await hit.click();
    await qiye.waitForURL(`**/zfdZskManager/regulationInfo/${doc!.id}`);
    const info = qiye.getByTestId('knowledge-info');
    expect(await info.getByTestId('knowledge-info-snippet').locator('mark').innerText()).toBe(w);
    const fields = info.locator('.ant-descriptions');
    await expect.poll(() => fields.innerText()).toContain('规范性文件');
    expect(await fields.innerText()).toContain(`运输前应当检查罐体的${w}是否完好`);
    await shot(qiye, 'knowledge-opened');

    // a class's sign shows its placard, at the sign's own route
    const [sign] = await sql<{ id: string }>(`select id from kn_sign where goods_class = '3' order by created_at limit 1`);
    await qiye.goto(baseUrl() + `/zfdZskManager/signInfo/${sign!.id}`);
    await qiye.getByTestId('placard-3').waitFor();
    await expect.poll(() => qiye.getByTestId('knowledge-info').innerText()).toContain('红色底');
    await shot(qiye, 'knowledge-sign');

    // the goods catalogue's search leads to the emergency method of the goods' class
    await qiye.goto(baseUrl() + '/zfdZskManager/dangerousGoodsManager');
    await qiye.getByTestId('goods-keyword').locator('input').fill('1203');
    await qiye.getByTestId('goods-keyword').locator('input').press('Enter');
    const petrol = qiye.locator('.ant-table-row', { hasText: '1203' }).first();
    await expect.poll(async () => (await qiye.locator('.ant-table-row').allInnerTexts()).every((t) => t.includes('1203'))).toBe(true);
    await petrol.getByTestId('goods-emergency').click();
    await qiye.waitForURL('**/zfdZskManager/emergencyInfo/**');
    await expect.poll(() => qiye.getByTestId('knowledge-info').locator('.ant-descriptions').innerText()).toContain('第3类 易燃液体 应急处置要点');
    await qiye.getByTestId('placard-3').waitFor();
    await shot(qiye, 'knowledge-goods-emergency');
    await qiye.context().close();
  });
});
