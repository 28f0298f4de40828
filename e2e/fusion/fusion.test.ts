/**
 * 数据融合比对 in the browser: 王监管 (province) downloads the demo passages file made from the waybills, imports it, runs
 * a comparison and watches it finish, sees the results of every class with their charts, makes one suspected 无运单运输
 * an abnormal waybill and finds it on 基础信息查询 › 异常运单; 高速卡口通行 lists the imported passages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flattenMenus } from '@dg/core';
import { baseUrl, btn, login, newPage, pickDate, pickOption, shot, sql, toast, useBrowser } from '../helpers.ts';
import { tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
const pathOf = (code: string) => flattenMenus().find((m) => m.code === code)!.fullPath;

describe('数据融合比对', () => {
  it('imports the demo passages, runs a comparison with progress, sees every class, and makes an abnormal waybill', { timeout: 300_000 }, async () => {
    const [{ at: started }] = await sql<{ at: Date }>('select now() as at');
    const page = await newPage(ctx.browser);
    await login(page, 'zhengfu');
    await page.goto(baseUrl() + pathOf('fusionImportManager'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fusion-demo-file').click()]);
    const buffer = readFileSync((await download.path())!);
    const lines = buffer.toString('utf8').trim().split(/\r\n/).slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(100);
    const days = lines.map((l) => l.split(',')[3]!.slice(0, 10)).sort();

    await btn(page, '导入').click();
    const dialog = page.locator('.ant-modal-container', { hasText: '导入外部数据' });
    await dialog.locator('input[type=file]').setInputFiles({ name: '卡口通行演示数据.csv', mimeType: 'text/csv', buffer });
    await btn(dialog, '开始导入').click();
    await dialog.getByText(`导入完成：共 ${lines.length} 行，成功导入 ${lines.length} 行`).waitFor({ timeout: 120_000 });
    await shot(page, 'fusion-import-report');
    await btn(dialog, '关闭').click();

    const name = `卡口比对${tag()}`;
    await page.goto(baseUrl() + pathOf('fusionCompareManager'));
    await btn(page, '新增').click();
    const form = page.locator('.ant-modal', { hasText: '比对任务' });
    await form.locator('#fusionTask_form_name').fill(name);
    await pickDate(page, 'fusionTask_form_dateFrom', days[0]!);
    await pickDate(page, 'fusionTask_form_dateTo', days[days.length - 1]!);
    await form.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await toast(page, '成功').waitFor();
    const row = page.locator('.ant-table-row', { hasText: name }).first();
    await btn(row, '运行比对').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /运\s*行\s*比\s*对/ }).click();
    await toast(page, '当前为运行中').waitFor();
    // the list follows the job on the server's queue until it ends
    await expect.poll(() => row.innerText(), { timeout: 180_000 }).toContain('已完成');
    await row.getByTestId('fusion-progress').waitFor();
    await shot(page, 'fusion-task-done');

    await btn(row, '查看结果').click();
    await page.waitForURL(/fusionCompareManager\/result\//);
    const summary = page.getByTestId('fusion-task-summary');
    await expect.poll(() => summary.innerText()).toContain('疑似无运单运输');
    await page.getByTestId('fusion-chart-class').locator('canvas').first().waitFor();
    await page.getByTestId('fusion-chart-city').locator('canvas').first().waitFor();
    const [task] = await sql<{ id: string; matched: number; partial: number; no_waybill: number; no_trace: number }>(`select id, matched, partial, no_waybill, no_trace from fusion_task where name = $1`, [name]);
    for (const n of [task!.matched, task!.partial, task!.no_waybill, task!.no_trace]) expect(n).toBeGreaterThan(0);
    for (const k of ['匹配', '部分匹配', '疑似无运单运输', '运单无外部记录']) {
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from fusion_result where task_id = $1 and result_class = $2`, [task!.id, k]);
      expect(n, k).toBeGreaterThan(0);
    }
    await shot(page, 'fusion-results');

    // one suspected 无运单运输 becomes an abnormal waybill
    // the rows come best score first: the suspects (score 0) are found with the 比对结果 filter
    await pickOption(page, 'fusionResult_search_resultClass', '疑似无运单运输');
    await btn(page, '查询').click();
    const suspect = page.locator('.ant-table-row', { hasText: '疑似无运单运输' }).filter({ has: page.locator('button', { hasText: /生\s*成\s*异\s*常\s*运\s*单/ }) }).first();
    await suspect.waitFor();
    const plate = (await suspect.locator('td').allInnerTexts()).map((s) => s.trim()).find((s) => /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{4,6}$/.test(s))!;
    expect(plate).toBeDefined();
    await btn(suspect, '生成异常运单').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /生\s*成\s*异\s*常\s*运\s*单/ }).click();
    await toast(page, '已生成异常运单').waitFor();

    await page.goto(baseUrl() + pathOf('ycydManager'));
    const found = page.locator('.ant-table-row', { hasText: plate }).first();
    await found.waitFor();
    expect(await found.innerText()).toContain('疑似无运单运输');
    await shot(page, 'fusion-abnormal-on-ycyd');

    await page.goto(baseUrl() + pathOf('gsjzxManager'));
    await expect.poll(() => page.getByTestId('jcxx-gsjzx').innerText()).toContain('卡口通行');
    await shot(page, 'fusion-gsjzx');
    // the journeys share one server: the passages go again, so 高速卡口通行 stays empty for the others (shell/phone)
    await sql('delete from fusion_record where created_at >= $1', [started]);
    await page.context().close();
  });
});
