/**
 * 安全检查 → 整改 journey: 王监管 plans a check of 杭州市, 赵运管 approves it (the plan draws enterprise A),
 * records it with one failed item; the 整改通知 reaches 张安全 (业务大厅 整改反馈), who submits; 王监管 returns it with an
 * opinion, 张安全 submits again, 王监管 passes it and it is on 整改记录.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, btn, login, newPage, pickDate, shot, sql, toast, useBrowser } from '../helpers.ts';
import { tag } from '../waybill/fixtures.ts';

const ctx = useBrowser();
const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text }).first();

describe('安全检查与整改', () => {
  it('a plan, its approval, a check with a failed item, and the notice answered, returned, answered and passed', async () => {
    const name = `危货企业动态监控专项检查${tag()}`;
    const gov = await newPage(ctx.browser);
    await login(gov, 'zhengfu');
    await gov.goto(baseUrl() + '/safetyCheck/checkPlanManager');
    await btn(gov, '新增').click();
    await gov.waitForURL(/\/safetyCheck\/checkplanEdit$/);
    await gov.locator('#checkPlan_edit_name').fill(name);
    await pickDate(gov, 'checkPlan_edit_periodStart', day(0));
    await pickDate(gov, 'checkPlan_edit_periodEnd', day(30));
    await gov.locator('#checkPlan_edit_regionCode').click();
    await gov.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
    await gov.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
    await gov.keyboard.press('Escape');
    await gov.locator('#checkPlan_edit_checkItems').fill('动态监控值班制度\n车辆卫星定位装置在线\n超速报警处置记录');
    await gov.locator('#checkPlan_edit_inspectors').fill('王监管、钱检查');
    await btn(gov.getByTestId('checkPlan-edit'), '保存').click();
    await toast(gov, '创建成功').waitFor();
    await gov.waitForURL(/\/safetyCheck\/checkplanInfo\?id=/);
    // no draw before approval: the seed is generated when another officer approves
    await expect.poll(() => gov.getByTestId('plan-drawn').innerText()).toContain('审批通过时生成随机种子');
    await btn(gov.getByTestId('checkPlan-info'), '提交审批').click();
    await gov.locator('.ant-popconfirm').waitFor();
    await shot(gov, 'plan-submit-asks');
    await gov.locator('.ant-popconfirm').getByRole('button', { name: /提\s*交/ }).click();
    await toast(gov, '当前为待审批').waitFor();

    const approver = await newPage(ctx.browser);
    await login(approver, 'shiji');
    await approver.goto(baseUrl() + '/safetyCheck/checkPlanApprovalManager');
    await btn(rowOf(approver, name), '审批').click();
    await approver.waitForURL(/\/safetyCheck\/checkplanApprovalEdit\?id=/);
    await approver.locator('#plan_approval_opinion').fill('同意，按计划实施');
    await btn(approver, '通过并抽取企业').click();
    await toast(approver, '当前为已通过').waitFor();
    await expect.poll(() => approver.getByTestId('plan-drawn').innerText()).toContain('杭州安达危险品运输有限公司');
    await approver.context().close();

    await gov.goto(baseUrl() + '/safetyCheck/checkRecordManager');
    const record = gov.locator('.ant-table-row', { hasText: name }).filter({ hasText: '杭州安达危险品运输有限公司' }).first();
    await btn(record, '检查').click();
    await gov.waitForURL(/\/safetyCheck\/checkEdit\?id=/);
    const form = gov.getByTestId('check-record-edit');
    const failed = form.locator('.ant-table-row', { hasText: '超速报警处置记录' });
    await failed.getByLabel('不合格').check();
    await failed.getByRole('textbox').fill('10月超速报警17次未处置');
    await gov.locator('#check_record_requirements').fill('建立超速报警闭环处置制度，补齐处置记录');
    await shot(gov, 'check-record-edit');
    await btn(form, '保存并下发整改通知（1项不合格）').click();
    await toast(gov, '当前为已检查').waitFor();
    await gov.waitForURL(/\/safetyCheck\/checkInfo\?id=/);
    const [notice] = await sql<{ id: string; notice_no: string }>(`select n.id, n.notice_no from rect_notice n join check_record r on r.id::text = n.check_record_id
      join check_plan p on p.id = r.plan_id where p.name = $1`, [name]);
    expect(notice).toBeTruthy();

    const ent = await newPage(ctx.browser);
    await login(ent, 'qiye');
    await ent.goto(baseUrl() + '/businessLobby/lobbyFeedbackManager');
    await btn(rowOf(ent, notice!.notice_no), '提交整改').click();
    await ent.waitForURL(/\/rectificationManager\/commitRecsInfor\/.+\/commit$/);
    await ent.locator('#notice_step_measures').fill('已制定超速报警处置制度，补录处置记录');
    await btn(ent.getByTestId('notice-page'), '提交整改').last().click();
    await toast(ent, '当前为待审核').waitFor();

    await gov.goto(baseUrl() + PATH_REVIEW(notice!.id));
    await gov.locator('#notice_review_opinion').fill('处置记录不完整，请补充10月记录');
    await btn(gov, '退回').click();
    await toast(gov, '当前为已退回').waitFor();

    await ent.goto(baseUrl() + '/businessLobby/lobbyFeedbackManager');
    await expect.poll(() => rowOf(ent, notice!.notice_no).innerText()).toContain('已退回');
    await btn(rowOf(ent, notice!.notice_no), '提交整改').click();
    await expect.poll(() => ent.getByTestId('notice-page').innerText()).toContain('退回意见：处置记录不完整，请补充10月记录');
    await ent.locator('#notice_step_measures').fill('已补齐10月全部超速报警处置记录');
    await btn(ent.getByTestId('notice-page'), '提交整改').last().click();
    await toast(ent, '当前为待审核').waitFor();
    await ent.context().close();

    await gov.goto(baseUrl() + '/rectificationManager/rectificationNoticeManager');
    await btn(rowOf(gov, notice!.notice_no), '审核').click();
    await btn(gov, '合格').click();
    await toast(gov, '当前为合格').waitFor();
    await gov.goto(baseUrl() + '/rectificationManager/rectificationRecordManager');
    await btn(rowOf(gov, notice!.notice_no), '详情').click();
    await gov.waitForURL(/\/rectificationManager\/rectificationRecordInfor\//);
    const timeline = gov.getByTestId('flow-timeline');
    await expect.poll(() => timeline.innerText()).toContain('合格');
    expect((await timeline.innerText()).match(/提交整改/g)).toHaveLength(2);
    await shot(gov, 'rectification-archived');
    await gov.context().close();
  });
});

const PATH_REVIEW = (id: string) => `/rectificationManager/commitRecsInfor/${id}/review`;
