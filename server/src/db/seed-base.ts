/**
 * What every database needs, applied at each start (idempotent upserts): the menu catalogue as
 * base_menu/base_element, role types, the built-in roles and their grants, the seed dictionaries
 * (代码表) and default parameters (参数设置).
 */
import { sql } from 'drizzle-orm';
import { MENUS, flattenMenus, SUPER_MENUS, DEFAULT_WARNING_DAYS, FUND_USE_CATEGORIES, MAJOR_HAZARD_DICT, MAJOR_HAZARD_ITEMS, type MenuDef, type MenuSide } from '@dg/core';
import { type Db, textArray } from './index.ts';

export const DICTS: { type: string; name: string; entries: [string, string][] }[] = [
  { type: 'plateColor', name: '车牌颜色', entries: [['1', '蓝色'], ['2', '黄色'], ['3', '黑色'], ['4', '白色'], ['5', '绿色'], ['9', '其他']] },
  { type: 'dgClass', name: '危险货物类别', entries: [
    ['1', '第1类 爆炸品'], ['1.1', '1.1项 有整体爆炸危险的物质和物品'], ['1.2', '1.2项 有迸射危险但无整体爆炸危险'], ['1.3', '1.3项 有燃烧危险并有局部爆炸或迸射危险'],
    ['1.4', '1.4项 不呈现重大危险的物质和物品'], ['1.5', '1.5项 有整体爆炸危险的非常不敏感物质'], ['1.6', '1.6项 无整体爆炸危险的极端不敏感物品'],
    ['2', '第2类 气体'], ['2.1', '2.1项 易燃气体'], ['2.2', '2.2项 非易燃无毒气体'], ['2.3', '2.3项 毒性气体'],
    ['3', '第3类 易燃液体'], ['4.1', '4.1项 易燃固体、自反应物质和固态退敏爆炸品'], ['4.2', '4.2项 易于自燃的物质'], ['4.3', '4.3项 遇水放出易燃气体的物质'],
    ['5.1', '5.1项 氧化性物质'], ['5.2', '5.2项 有机过氧化物'], ['6.1', '6.1项 毒性物质'], ['6.2', '6.2项 感染性物质'],
    ['7', '第7类 放射性物质'], ['8', '第8类 腐蚀性物质'], ['9', '第9类 杂项危险物质和物品']] },
  { type: 'packingGroup', name: '包装类别', entries: [['I', 'Ⅰ类（高度危险）'], ['II', 'Ⅱ类（中度危险）'], ['III', 'Ⅲ类（轻度危险）']] },
  { type: 'qualificationType', name: '从业资格类别', entries: [['driver', '道路危险货物运输驾驶员'], ['escort', '道路危险货物运输押运人员'], ['loader', '道路危险货物运输装卸管理人员']] },
  { type: 'businessScope', name: '经营范围', entries: [
    ['1', '危险货物运输（1类）'], ['2', '危险货物运输（2类）'], ['3', '危险货物运输（3类）'], ['4', '危险货物运输（4类）'], ['5', '危险货物运输（5类）'],
    ['6', '危险货物运输（6类）'], ['7', '危险货物运输（7类）'], ['8', '危险货物运输（8类）'], ['9', '危险货物运输（9类）'], ['toxic', '剧毒化学品运输'], ['waste', '危险废物运输'],
    // a licence may name divisions instead of whole classes (道路危险货物运输管理规定 第十二条)
    ...['1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2'].map((d): [string, string] => [d, `危险货物运输（${d}项）`])] },
  { type: 'vehicleType', name: '车辆类型', entries: [['tractor', '重型半挂牵引车'], ['tanker', '罐式货车'], ['van', '厢式货车'], ['trailer', '罐式半挂车'], ['vanTrailer', '厢式半挂车'], ['other', '其他']] },
  { type: 'tankType', name: '罐体类型', entries: [['atmospheric', '常压罐体'], ['pressure', '压力罐体（移动式压力容器）']] },
  { type: 'hazardCategory', name: '隐患类别', entries: [['person', '人'], ['vehicle', '车'], ['tank', '罐'], ['site', '场所'], ['management', '管理']] },
  { type: 'hazardLevel', name: '隐患等级', entries: [['general', '一般隐患'], ['major', '重大隐患']] },
  { type: 'checkType', name: '检查类型', entries: [['daily', '日常检查'], ['special', '专项检查'], ['seasonal', '季节性检查'], ['holiday', '节假日检查'], ['comprehensive', '综合检查']] },
  // 财资〔2022〕136号第二十五条's uses (a use naming another is refused): the list lives with the fund rules
  { type: 'fundsUseCategory', name: '安全费用使用类别', entries: FUND_USE_CATEGORIES.map((c): [string, string] => [c.value, c.name]) },
  // the 重大事故隐患判定标准's items a hazard is judged by (this project's summary of the standard, hazard-rules.ts)
  { type: MAJOR_HAZARD_DICT, name: '重大事故隐患判定标准', entries: MAJOR_HAZARD_ITEMS.map((c): [string, string] => [c.value, c.name]) },
  { type: 'sex', name: '性别', entries: [['1', '男'], ['2', '女']] },
  { type: 'certType', name: '证件类型', entries: [['idCard', '居民身份证'], ['passport', '护照'], ['hkmo', '港澳居民来往内地通行证'], ['tw', '台湾居民来往大陆通行证'], ['other', '其他']] },
];

export const PARAMS: { key: string; label: string; value: unknown }[] = [
  { key: 'warningDays', label: '证照到期预警天数', value: DEFAULT_WARNING_DAYS },
  { key: 'inTransitOverdueFactor', label: '在途超时倍数（相对线路预计时长）', value: 2 },
  { key: 'fillRateThreshold', label: '运单填报率预警阈值（%）', value: 80 },
  { key: 'safetyFundRate', label: '安全生产费用提取比例（%）', value: 1.5 },
  { key: 'assessGrades', label: '考核等级分数线（AAA/AA/A）', value: { AAA: 900, AA: 750, A: 600 } },
  { key: 'fusionToleranceMinutes', label: '数据融合时间容差（分钟）', value: 60 },
];

/** built-in roles: code → [name, menu sides]; 'all' = every menu */
export const ROLES: { code: string; name: string; sides: MenuSide[] | 'all' }[] = [
  { code: 'platformAdmin', name: '平台管理员', sides: 'all' },
  { code: 'enterpriseAdmin', name: '企业管理员', sides: ['enterprise'] },
  { code: 'governmentSupervisor', name: '政府监管员', sides: ['government'] },
  { code: 'superAdmin', name: '超级管理员', sides: ['super'] },
];

export async function seedBase(db: Db) {
  await db.transaction(async (tx) => {
    // menus and elements from the catalogue
    let order = 0;
    const walk = async (list: readonly MenuDef[], parentId: string | null, parentPath: string) => {
      for (const m of list) {
        order += 1;
        const path = `${parentPath}/${m.code}`;
        const r = await tx.execute<{ id: string }>(sql`
          insert into base_menu (code, title, parent_id, href, icon, type, order_num, path, hidden)
          values (${m.code}, ${m.title}, ${parentId}, ${'/' + m.code}, ${m.icon ?? null}, ${m.children ? 'dirt' : 'menu'}, ${order}, ${path}, ${m.hidden ?? false})
          on conflict (code) do update set title = excluded.title, parent_id = excluded.parent_id, icon = excluded.icon, type = excluded.type, order_num = excluded.order_num, path = excluded.path
          returning id`);
        const id = r.rows[0]!.id;
        for (const e of m.elements ?? []) {
          await tx.execute(sql`insert into base_element (code, type, name, uri, menu_id, method)
            values (${e.code}, ${e.code.endsWith(':view') ? 'uri' : 'button'}, ${e.name}, ${'/' + m.code}, ${id}, ${e.method ?? 'GET'})
            on conflict (code) do update set name = excluded.name, menu_id = excluded.menu_id, method = excluded.method`);
        }
        if (m.children) await walk(m.children, id, path);
      }
    };
    await walk(MENUS, null, '');

    for (const [code, name, description] of [['role', '角色类型', '按岗位授权'], ['depart', '部门类型', '按部门组织'], ['free', '自定义类型', '自定义分组']]) {
      await tx.execute(sql`insert into base_group_type (code, name, description) select ${code}, ${name}, ${description}
        where not exists (select 1 from base_group_type where code = ${code})`);
    }
    const roleType = (await tx.execute<{ id: string }>(sql`select id from base_group_type where code = 'role'`)).rows[0]!.id;

    // built-in roles hold every menu of their side (and its ancestors) with all elements
    const flat = flattenMenus();
    for (const role of ROLES) {
      await tx.execute(sql`insert into base_group (code, name, group_type_id, description) values (${role.code}, ${role.name}, ${roleType}, '内置角色')
        on conflict (code) do nothing`);
      const gid = (await tx.execute<{ id: string }>(sql`select id from base_group where code = ${role.code}`)).rows[0]!.id;
      const codes = new Set<string>();
      for (const m of flat) {
        const mine = role.sides === 'all' ? true : role.sides.includes('super') ? SUPER_MENUS.includes(m.code) : (m.sides ?? []).some((s) => (role.sides as MenuSide[]).includes(s));
        if (!mine) continue;
        codes.add(m.code);
        let p = m.parentCode;
        while (p) { codes.add(p); p = flat.find((x) => x.code === p)?.parentCode ?? null; }
      }
      await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
        select ${gid}, id, 'menu' from base_menu where code = any(${textArray([...codes])}) on conflict do nothing`);
      await tx.execute(sql`insert into base_resource_authority (group_id, resource_id, resource_type)
        select ${gid}, e.id, 'button' from base_element e join base_menu m on m.id = e.menu_id where m.code = any(${textArray([...codes])}) on conflict do nothing`);
    }

    for (const d of DICTS) {
      await tx.execute(sql`insert into base_dict (type, name, value, pid, order_num) select ${d.type}, ${d.name}, ${d.type}, null, 0
        where not exists (select 1 from base_dict where type = ${d.type} and pid is null)`);
      const root = (await tx.execute<{ id: string }>(sql`select id from base_dict where type = ${d.type} and pid is null`)).rows[0]!.id;
      let i = 0;
      for (const [value, name] of d.entries) {
        i += 1;
        await tx.execute(sql`insert into base_dict (type, name, value, pid, order_num) select ${d.type}, ${name}, ${value}, ${root}, ${i}
          where not exists (select 1 from base_dict where type = ${d.type} and value = ${value} and pid is not null)`);
      }
    }
    for (const p of PARAMS) {
      await tx.execute(sql`insert into param_setting (key, value, label) values (${p.key}, ${JSON.stringify(p.value)}::jsonb, ${p.label}) on conflict (key) do nothing`);
    }
  });
}
