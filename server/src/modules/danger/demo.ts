/**
 * Demo rows of 隐患排查治理 for both demo enterprises: check types, items and a template, a self-check whose failed
 * item became a hazard, meetings, trainings, violators, and hazards in every state — two overdue, and one 重大
 * accepted by the enterprise and waiting for the government's review. The 重大 hazards name their item of the 判定标准
 * and get their 督办 items from the sweep in ../inspection/demo.ts (市级: both cities have their authority); there the
 * province raises B's to 省级, so 赵运管 reviews A's and 王监管 B's. Dates are relative to CURRENT_DATE at seeding.
 */
import { sql } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow, type DemoContext, type DemoEnterprise } from '../../db/seed-demo.ts';
import type { Db } from '../../db/index.ts';
import { nextNo } from '../../platform/numbers.ts';

const day = (n: number) => sql.raw(`(current_date + ${Math.trunc(n)})`);
const at = (n: number) => sql.raw(`(now() + interval '${Math.trunc(n)} days')`);

const ITEMS: { content: string; category: string; basis: string; score: number }[] = [
  { content: '驾驶员、押运员持有效从业资格证上岗', category: '人', basis: '《道路危险货物运输管理规定》第二十二条', score: 10 },
  { content: '驾驶员连续驾驶不超过4小时', category: '人', basis: '《道路交通安全法实施条例》第六十二条', score: 10 },
  { content: '车辆安全技术状况良好，制动、灯光有效', category: '车', basis: 'GB 7258', score: 10 },
  { content: '卫星定位装置在线并正常上传', category: '车', basis: '《道路运输车辆动态监督管理办法》', score: 10 },
  { content: '罐体在检验有效期内，紧急切断装置有效', category: '罐', basis: 'JT/T 617', score: 15 },
  { content: '灭火器、防护用品、应急器材配备齐全', category: '罐', basis: 'JT/T 617.6', score: 10 },
  { content: '停车场封闭管理，设置安全警示标志', category: '场所', basis: '《道路危险货物运输管理规定》第八条', score: 10 },
  { content: '安全生产责任制和操作规程落实到岗', category: '管理', basis: '《安全生产法》第二十二条', score: 15 },
];

interface HazardSeed { title: string; level: '一般' | '重大'; category: string; state: string; found: number; deadline: number; source?: string; items?: string[]; flow: [string, string | null, string, string | null][] }
/** state, days relative to today, and the timeline (action, from, to, opinion) each hazard went through */
const HAZARDS: HazardSeed[] = [
  { title: '2号停车场消防通道被占用', level: '一般', category: '场所', state: '草稿', found: -1, deadline: 6, flow: [['登记', null, '草稿', null]] },
  { title: '罐车紧急切断阀动作迟缓', level: '一般', category: '罐', state: '待整改', found: -3, deadline: 4, flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null]] },
  { title: '驾驶员从业资格证即将过期未办理换证', level: '一般', category: '人', state: '待整改', found: -12, deadline: -2, flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null]] },
  { title: '卫星定位终端离线超过24小时', level: '一般', category: '车', state: '整改中', found: -6, deadline: 2, source: '动态监控', flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null], ['整改', '待整改', '整改中', null]] },
  { title: '常压罐体超适装介质装载苯', level: '重大', category: '罐', state: '整改中', found: -20, deadline: -5, source: '政府检查', items: ['tankMedium'], flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null], ['整改', '待整改', '整改中', null]] },
  { title: '应急器材箱缺少防毒面具', level: '一般', category: '罐', state: '待验收', found: -8, deadline: 1, flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null], ['整改', '待整改', '整改中', null], ['提交验收', '整改中', '待验收', null]] },
  { title: '牵引车超核定载质量运输液碱', level: '重大', category: '车', state: '待复核', found: -15, deadline: 3, source: '举报', items: ['overload'], flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null], ['提交验收', '待整改', '待验收', null], ['验收通过', '待验收', '待复核', '已卸载超载部分并对调度员约谈处理']] },
  { title: '装卸区静电接地线破损', level: '一般', category: '场所', state: '已销号', found: -30, deadline: -20, flow: [['登记', null, '草稿', null], ['提交', '草稿', '待整改', null], ['提交验收', '待整改', '待验收', null], ['验收退回', '待验收', '整改中', '接地电阻未检测，请补充检测报告'], ['提交验收', '整改中', '待验收', null], ['验收通过', '待验收', '已销号', '整改到位']] },
];

async function seedEnterprise(db: Db, c: DemoContext, e: DemoEnterprise) {
  const staff = (await db.execute<{ id: string; name: string }>(sql`select id, name from staff where enterprise_id = ${e.id} and status = '在职' order by created_at limit 6`)).rows;
  if (!staff.length) return;
  const by = { createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const userName = (await db.execute<{ name: string }>(sql`select name from base_user where id = ${e.adminUserId}`)).rows[0]?.name ?? '企业管理员';
  const daily = await insertDemoRow(db, 'danger_check_function', { enterpriseId: e.id, name: '日常安全检查', kind: '日常检查', frequency: '每日', description: '出车前后对人、车、罐的例行检查', ...by });
  await insertDemoRow(db, 'danger_check_function', { enterpriseId: e.id, name: '节前综合检查', kind: '节假日检查', frequency: '不定期', description: '法定节假日前的综合安全检查', ...by });
  const itemIds: string[] = [];
  for (const [i, it] of ITEMS.entries()) itemIds.push(await insertDemoRow(db, 'danger_check_item', { enterpriseId: e.id, ...it, orderNum: i + 1, ...by }));
  const model = await insertDemoRow(db, 'danger_check_model', { enterpriseId: e.id, name: '车辆罐体日常检查表', checkFunctionId: daily, itemIds, remark: '适用于罐式车辆出车前检查', ...by });

  for (const [i, m] of ([['月度例会', '月度安全生产例会', -10], ['事故分析会', '同行业罐车侧翻事故警示分析', -25]] as const).entries()) {
    await insertDemoRow(db, 'danger_meeting', { enterpriseId: e.id, meetingDate: day(m[2]), topic: m[1], meetingType: m[0] === '月度例会' ? '月度例会' : '事故分析会', host: staff[0]!.name, place: '公司三楼会议室',
      attendeeIds: staff.slice(0, 4 + i).map((s) => s.id), minutes: `会议通报了近期隐患排查情况，部署下一阶段安全工作。参会人员${Math.min(staff.length, 4 + i)}人。`, ...by });
  }
  await insertDemoRow(db, 'danger_training', { enterpriseId: e.id, trainingDate: day(-14), topic: '危险货物装卸安全操作规程', trainingType: '定期培训', lecturer: staff[0]!.name, hours: 4, traineeIds: staff.map((s) => s.id), content: '装卸作业流程、静电防护、应急处置', ...by });
  await insertDemoRow(db, 'danger_training', { enterpriseId: e.id, trainingDate: day(-40), topic: '新入职驾驶员岗前培训', trainingType: '岗前培训', lecturer: staff[1 % staff.length]!.name, hours: 24, traineeIds: staff.slice(-2).map((s) => s.id), ...by });
  await insertDemoRow(db, 'danger_violator', { enterpriseId: e.id, staffId: staff[staff.length - 1]!.id, violationDate: day(-9), violationType: '超速', location: 'G60沪昆高速K152', points: 6, fine: 200, handling: '扣当月安全奖，停岗学习三天', education: '参加公司安全教育并考试合格', ...by });
  await insertDemoRow(db, 'danger_violator', { enterpriseId: e.id, staffId: staff[staff.length - 2 >= 0 ? staff.length - 2 : 0]!.id, violationDate: day(-21), violationType: '疲劳驾驶', location: '杭金衢高速金华服务区', points: 12, fine: 200, handling: '调离驾驶岗位', ...by });

  const flow = async (hazardId: string, steps: HazardSeed['flow'], startDay: number) => {
    for (const [i, [action, from, to, opinion]] of steps.entries()) {
      await insertDemoRow(db, 'work_flow', { subject: 'hazard', subjectId: hazardId, enterpriseId: e.id, action, fromState: from, toState: to, opinion, side: 'enterprise', userId: e.adminUserId, userName, createdAt: at(startDay + i) });
    }
  };
  for (const [i, h] of HAZARDS.entries()) {
    const done = ['待验收', '待复核', '已销号'].includes(h.state);
    const id = await insertDemoRow(db, 'hazard', {
      enterpriseId: e.id, hazardNo: await nextNo(db, 'YH', 'hazard_no_seq'),
      title: h.title, source: h.source ?? '自查', foundDate: day(h.found), location: i % 2 ? '公司停车场' : '沪昆高速服务区', category: h.category, level: h.level, majorItems: h.items ?? null,
      description: `${h.title}，存在安全风险，需限期整改。`, responsibleId: staff[i % staff.length]!.id, deadline: day(h.deadline), measures: '立即采取防范措施，限期整改到位并留存整改前后照片。',
      state: h.state, actualMeasures: done || h.state === '整改中' ? '已落实整改措施，完成复查。' : null, cost: done ? 800 + i * 150 : null, completedDate: done ? day(h.found + 3) : null,
      acceptOpinion: h.flow.find((f) => f[0].startsWith('验收'))?.[3] ?? null, acceptedAt: h.state === '待复核' || h.state === '已销号' ? at(-1) : null,
      closedAt: h.state === '已销号' ? at(-1) : null, createdAt: at(h.found), ...by,
    });
    await flow(id, h.flow, h.found);
  }

  // one self-check of the template, one item failed and turned into a hazard
  const results = ITEMS.map((it, i) => ({ itemId: itemIds[i]!, ...it, result: i === 5 ? '不合格' : '合格', remark: i === 5 ? '灭火器压力不足' : null, hazardId: null as string | null }));
  const checkId = await insertDemoRow(db, 'danger_self_check', {
    enterpriseId: e.id, checkNo: await nextNo(db, 'ZC', 'self_check_no_seq'),
    checkModelId: model, checkFunctionId: daily, checkDate: day(-2), inspector: staff[0]!.name, place: '公司停车场', itemTotal: ITEMS.length, failedCount: 1, hazardCount: 1,
    score: 90, conclusion: '总体良好，1项不合格已转隐患整改', results: sql`'[]'::jsonb`, ...by,
  });
  const hz = await insertDemoRow(db, 'hazard', {
    enterpriseId: e.id, hazardNo: await nextNo(db, 'YH', 'hazard_no_seq'),
    title: ITEMS[5]!.content, source: '自查', foundDate: day(-2), location: '公司停车场', category: ITEMS[5]!.category, level: '一般',
    description: '自查不合格：灭火器压力不足', responsibleId: staff[0]!.id, deadline: day(5), measures: `依据${ITEMS[5]!.basis}整改：${ITEMS[5]!.content}`,
    state: '待整改', selfCheckId: checkId, ...by,
  });
  results[5]!.hazardId = hz;
  await db.execute(sql`update danger_self_check set results = ${JSON.stringify(results)}::jsonb where id = ${checkId}`);
  await insertDemoRow(db, 'work_flow', { subject: 'hazard', subjectId: hz, enterpriseId: e.id, action: '自查转隐患', fromState: null, toState: '待整改', opinion: '自查记录', side: 'enterprise', userId: e.adminUserId, userName });
}

addDemoSeeder('danger', async (c) => {
  for (const e of [c.enterprises.a, c.enterprises.b]) await seedEnterprise(c.db, c, e);
});
