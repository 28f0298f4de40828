/**
 * Demo rows of 文章管理 and 政策法规, published by the province's account: the instruments the product is built on
 * (their numbers and dates as published) and a few articles of the kinds a transport authority writes, so both lists,
 * the dashboards' latest items and the knowledge base have something to show.
 */
import { sql } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow } from '../../db/seed-demo.ts';

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

const POLICIES: { title: string; category: string; content: string; published: string }[] = [
  { title: '危险货物道路运输安全管理办法', category: '部门规章', published: '2019-11-10', content: p(
    '交通运输部令2019年第29号，交通运输部、工业和信息化部、公安部、生态环境部、应急管理部、国家市场监督管理总局公布，自2020年1月1日起施行。',
    '规定危险货物托运、承运、装卸、运输车辆与罐式车辆罐体、运单与在途监管等要求：承运人在许可的经营范围内承运，装货人装货前查验车辆、罐体、人员证件与运单（五必查），运输全程随车携带电子或纸质运单。') },
  { title: '道路危险货物运输管理规定', category: '部门规章', published: '2013-01-23', content: p(
    '交通运输部令2013年第2号，2016年、2019年修正。',
    '规定道路危险货物运输经营许可、专用车辆和设备、从业人员、押运员随车押运和车辆年度审验等要求。') },
  { title: '企业安全生产费用提取和使用管理办法', category: '规范性文件', published: '2022-11-21', content: p(
    '财资〔2022〕136号，财政部、应急管理部印发。',
    '交通运输企业以上一年度营业收入为依据提取安全生产费用，普通货运业务1%，客运、管道运输、危险品等特殊货运业务1.5%；规定安全生产费用的使用范围和管理要求。') },
  { title: '安全生产事故隐患排查治理暂行规定', category: '部门规章', published: '2007-12-28', content: p(
    '国家安全生产监督管理总局令第16号，自2008年2月1日起施行。',
    '事故隐患分为一般事故隐患和重大事故隐患；生产经营单位建立隐患排查治理制度，对重大事故隐患制定并实施治理方案，并向安全监管监察部门和有关部门报告。') },
  { title: '道路运输企业和城市客运企业安全生产重大事故隐患判定标准（试行）', category: '规范性文件', published: '2023-04-17', content: p(
    '交通运输部印发，自2023年10月1日起施行。',
    '列明道路运输企业和城市客运企业的重大事故隐患情形，其中包括危险货物道路运输企业的判定情形；企业据此开展隐患排查，判定为重大事故隐患的依法报告并挂牌督办。') },
  { title: 'JT/T 617-2018 危险货物道路运输规则', category: '标准', published: '2018-11-26', content: p(
    '交通运输行业标准，共7部分：通则、分类、品名及运输要求索引、运输包装使用要求、托运要求、装卸条件及作业要求、运输条件及作业要求。') },
];

const ARTICLES: { title: string; category: string; content: string; daysAgo: number }[] = [
  { title: '冬季危险货物道路运输安全提示', category: '安全提示', daysAgo: 3, content: p(
    '入冬以来，雨雪、冰冻、大雾天气增多。请各危险货物道路运输企业：',
    '一、出车前严格落实车辆、罐体、安全设施和人员证件检查，重点检查制动、轮胎、灯光和防滑设施；',
    '二、遇恶劣天气合理调整运输计划，必要时停运，严禁冒险出车；',
    '三、驾驶员严格遵守连续驾驶时间规定，押运员全程随车押运；',
    '四、完善应急预案，配齐应急器材，保持卫星定位装置正常在线。') },
  { title: '电子运单填报与出车前检查操作要点', category: '工作通报', daysAgo: 10, content: p(
    '运单由企业在系统中填报：托运人、收货人、装货人、货物（UN编号、品名、类别、包装类别、数量）和起讫地。',
    '调度时选择的车辆、挂车、罐体、驾驶员和押运员须证件有效、罐体适装介质包含所运货物、不超过核定载质量、货物在企业经营范围内；出车前检查合格后方可下发运单。',
    '装货人凭运单核对车辆、罐体、人员证件和货物（五必查），不符合要求的不得装货。') },
  { title: '全省开展危险货物道路运输企业安全生产标准化自查', category: '行业动态', daysAgo: 20, content: p(
    '为推动企业落实安全生产主体责任，请各危险货物道路运输企业对照安全生产标准化要求开展自查，建立问题清单和整改台账，整改情况录入隐患排查治理模块。') },
];

addDemoSeeder('admin', async (c) => {
  const by = c.users.zhengfu ?? null;
  const own = { createdBy: by, updatedBy: by, status: '已发布' };
  for (const x of POLICIES) await insertDemoRow(c.db, 'policy', { ...own, title: x.title, category: x.category, content: x.content, publishedAt: sql.raw(`'${x.published} 09:00:00+08'::timestamptz`) });
  for (const x of ARTICLES) await insertDemoRow(c.db, 'article', { ...own, title: x.title, category: x.category, content: x.content, publishedAt: sql.raw(`now() - interval '${x.daysAgo} days'`) });
});
