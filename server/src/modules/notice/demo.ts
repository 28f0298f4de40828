/**
 * Demo rows of 通知公告, 人员通知 and 站内消息: the province's notices to everyone and to enterprise administrators, the
 * city's to its enterprises (read by some, not by others), a draft, an enterprise's notice to its own accounts;
 * 人员通知 to drivers and escorts with part of them read; messages between the authority and both enterprises.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDemoSeeder, insertDemoRow } from '../../db/seed-demo.ts';
import { regionPrefix } from '../../platform/access.ts';
import { allOn, textArray, type Db } from '../../db/index.ts';
import { askToRead } from '../../platform/staff-reads.ts';

const ago = (days: number) => sql.raw(`(now() - interval '${Math.round(days * 24)} hours')`);
const P = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

interface Publisher { id: string; name: string; unit: string; orgId: string | null; enterpriseId: string | null }

async function publisher(db: Db, username: string): Promise<Publisher> {
  const r = (await db.execute<{ id: string; name: string; unit: string; org_id: string | null; enterprise_id: string | null }>(sql`select u.id, u.name, coalesce(e.name, o.name) as unit,
    u.org_id, u.enterprise_id from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id where u.username = ${username}`)).rows[0]!;
  return { id: r.id, name: r.name, unit: r.unit, orgId: r.org_id, enterpriseId: r.enterprise_id };
}

/** a notice, published to the accounts `to` selects (over u, e, o) unless it is a draft; `readBy` have opened it */
async function addNotice(db: Db, by: Publisher, n: { title: string; noticeType: string; content: string; audience: string; regionCodes?: string[]; enterpriseIds?: string[]; roleCodes?: string[]; days: number; draft?: boolean },
  to: SQL, readBy: string[] = []) {
  const id = await insertDemoRow(db, 'notice', {
    title: n.title, noticeType: n.noticeType, content: n.content, audience: n.audience, regionCodes: n.regionCodes ?? null, enterpriseIds: n.enterpriseIds ?? null, roleCodes: n.roleCodes ?? null,
    state: n.draft ? '草稿' : '已发布', publisherName: by.unit, publishedAt: n.draft ? null : ago(n.days), publisherOrgId: by.orgId, publisherEnterpriseId: by.enterpriseId,
    createdAt: ago(n.days + 0.2), createdBy: by.id, updatedBy: by.id,
  });
  if (n.draft) return id;
  await db.execute(sql`insert into notice_read (notice_id, user_id, user_name, unit_name, enterprise_id, created_at)
    select ${id}, u.id, u.name, coalesce(e.name, o.name), u.enterprise_id, ${ago(n.days)} from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id
    where u.status = '1' and u.id <> ${by.id} and u.side <> 'platform' and ${to}`);
  if (readBy.length) await db.execute(sql`update notice_read set read_at = ${ago(n.days - 0.5)} where notice_id = ${id}
    and user_id in (select id from base_user where username = any(${textArray(readBy)}))`);
  return id;
}

async function message(db: Db, from: Publisher, toUsernames: string[], subject: string, content: string, days: number, read: boolean, recipientsText: string) {
  const id = await insertDemoRow(db, 'message', { senderId: from.id, senderName: from.name, senderUnit: from.unit, subject, content, recipientsText, createdAt: ago(days) });
  await db.execute(sql`insert into message_box (message_id, user_id, user_name, unit_name, read_at, created_at)
    select ${id}, u.id, u.name, coalesce(e.name, o.name), ${read ? ago(days - 0.3) : null}, ${ago(days)} from base_user u left join enterprise e on e.id = u.enterprise_id
    left join base_org o on o.id = u.org_id where u.username = any(${textArray(toUsernames)})`);
}

addDemoSeeder('notice', async (c) => {
  const db = c.db;
  const [zhengfu, shiji, qiye] = await allOn(db, ['zhengfu', 'shiji', 'qiye'].map((u) => () => publisher(db, u)));
  const province = regionPrefix(c.provinceCode) + '%';
  const inProvince = sql`(e.region_code like ${province} or o.region_code like ${province})`;
  const cityA = c.enterprises.a.cityCode;
  const cityALike = regionPrefix(cityA) + '%';

  await addNotice(db, zhengfu!, { title: '关于做好今冬明春危险货物道路运输安全工作的通知', noticeType: '通知', audience: 'all', days: 12, content: P(
    '各市交通运输局、各危险货物道路运输企业：',
    '入冬以来，雨雪冰冻天气增多，危险货物道路运输安全风险上升。现就做好今冬明春安全工作通知如下：',
    '一、严格落实出车前安全检查和“五必查”，雨雪天气按规定限速行驶；',
    '二、加强动态监控，严禁疲劳驾驶，驾驶员连续驾驶不得超过4小时；',
    '三、开展一次冬季专项隐患排查，于本月底前将排查情况报属地运输管理部门。') }, inProvince, ['qiye', 'shiji']);
  await addNotice(db, shiji!, { title: '关于开展危险货物运输企业安全生产标准化自查的通知', noticeType: '通知', audience: 'regions', regionCodes: [cityA], days: 5, content: P(
    '辖区各危险货物道路运输企业：', '请于两周内完成安全生产标准化自查，并通过“企业自查”功能上报自查结果。') },
  sql`(e.region_code like ${cityALike} or o.region_code like ${cityALike})`, []);
  await addNotice(db, zhengfu!, { title: '电子运单填报率通报（第三季度）', noticeType: '通报', audience: 'roles', roleCodes: ['enterpriseAdmin'], days: 30, content: P(
    '第三季度全省电子运单填报率为96.4%，填报率低于80%的企业请于下月10日前完成整改。') },
  sql`${inProvince} and exists (select 1 from base_group_member m join base_group g on g.id = m.group_id where m.user_id = u.id and g.code = 'enterpriseAdmin')`, ['qiye2']);
  await addNotice(db, zhengfu!, { title: '关于春节期间危险货物运输安全管理的通知（草稿）', noticeType: '通知', audience: 'all', days: 1, draft: true, content: P('（待完善）') }, sql`true`);
  await addNotice(db, qiye!, { title: '本周安全例会安排', noticeType: '公告', audience: 'all', days: 3, content: P('本周五14:00在二楼会议室召开安全例会，请各部门负责人参加。') },
    sql`u.enterprise_id = ${c.enterprises.a.id}`, []);

  // 人员通知: to drivers and escorts, some read
  for (const e of [c.enterprises.a, c.enterprises.b]) {
    const by = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
    const id = await insertDemoRow(db, 'staff_notice', { title: '冬季行车安全提示', content: '近期多地出现雨雪冰冻天气，请全体驾驶员、押运员出车前检查防滑链和灭火器，遇恶劣天气及时就近停车并报告调度。',
      readerPosts: ['驾驶员', '押运员'], readerIds: [], state: '已发布', publishedAt: ago(4), ...by });
    await askToRead(db, 'staffNotice', id, e.id, ['驾驶员', '押运员'], []);
    await db.execute(sql`update staff_read set read_at = ${ago(3)} where subject_id = ${id} and staff_id in (
      select staff_id from staff_read r where r.subject_id = ${id} and not exists (select 1 from base_user u where u.staff_id = r.staff_id) order by staff_name limit 3)`);
    await insertDemoRow(db, 'staff_notice', { title: '年度体检安排', content: '请于下月15日前到指定医院完成年度体检。', readerPosts: ['驾驶员'], readerIds: [], state: '草稿', ...by });
  }

  // 站内消息 between the authority and the enterprises
  await message(db, shiji!, ['qiye'], '关于车辆卫星定位装置离线情况的提醒', `${c.enterprises.a.name}：\n你单位有2辆车近3日卫星定位装置离线，请核实原因并于3日内恢复在线。`, 2, false, c.enterprises.a.name);
  await message(db, qiye!, ['shiji'], '关于卫星定位装置离线情况的说明', '赵科长：\n两辆车因终端更换暂时离线，已于今日恢复在线，特此说明。', 1, true, shiji!.unit);
  await message(db, zhengfu!, ['qiye', 'qiye2'], '安全生产标准化评审安排', '请各企业做好安全生产标准化评审准备工作，评审时间另行通知。', 8, true, `${c.enterprises.a.name}、${c.enterprises.b.name}`);
  await message(db, shiji!, ['zhengfu'], '本月危险货物运输安全监管工作情况报告', '厅领导：\n本月共开展危险货物运输企业检查12家次，发现隐患23项，已整改19项，其余4项正在督办。', 4, false, zhengfu!.unit);
  await message(db, zhengfu!, ['qiye2'], '关于安全生产费用使用情况的提醒', `${c.enterprises.b.name}：\n请按规定提取和使用安全生产费用，并于年底前报送使用情况。`, 6, false, c.enterprises.b.name);
});
