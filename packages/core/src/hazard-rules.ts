/**
 * The hazard's rules shared by the server, the web and the database (隐患排查治理):
 * - 逾期: one definition, `isHazardOverdue` here (pure, for JS) and its SQL twin `hazardOverdueSql` in
 *   server/src/modules/danger/overdue.ts (server/test/danger/overdue-rule.test.ts holds them equal on the same rows);
 * - 重大事故隐患: the items of 《道路运输企业和城市客运企业安全生产重大事故隐患判定标准（试行）》 (交通运输部 2023) that
 *   apply to dangerous-goods road transport, seeded as the dictionary 'majorHazardItem' (the platform edits it).
 */
import type { HazardState } from './resources/danger.ts';

/** states whose rectification is not completed: 逾期 once the deadline has passed */
export const HAZARD_RECTIFYING_STATES: readonly HazardState[] = ['待整改', '整改中'];
/**
 * states whose rectification is completed, on its 整改完成日期 (recorded when it is submitted for 验收, never later than
 * that day); 退回 sends a hazard back to 整改中, where it is no longer completed
 */
export const HAZARD_COMPLETED_STATES: readonly HazardState[] = ['待验收', '待复核', '已销号'];

export interface HazardDeadline { state?: unknown; deadline?: unknown; completedDate?: unknown }

/**
 * 逾期: the rectification was completed after its deadline, or it is not completed and its deadline has passed (a
 * deadline of today has not). A hazard completed on or before its deadline is not overdue while it waits for 验收 or
 * 复核, however long; a 草稿 is not yet under rectification. `today` is the business date (China), YYYY-MM-DD.
 */
export function isHazardOverdue(h: HazardDeadline, today: string): boolean {
  if (typeof h.deadline !== 'string' || !h.deadline) return false;
  const state = h.state as HazardState;
  if (HAZARD_COMPLETED_STATES.includes(state)) return typeof h.completedDate === 'string' && h.completedDate > h.deadline;
  if (HAZARD_RECTIFYING_STATES.includes(state)) return h.deadline < today;
  return false;
}

/** the dictionary type of the 判定标准's items */
export const MAJOR_HAZARD_DICT = 'majorHazardItem';

/**
 * The items of 《道路运输企业和城市客运企业安全生产重大事故隐患判定标准（试行）》 (交通运输部 2023) that apply to an
 * enterprise carrying dangerous goods by road. The wording is this project's summary of the standard's items, not the
 * standard's text; the platform keeps the list in 字典管理 (type 'majorHazardItem'), where it may be corrected.
 */
export const MAJOR_HAZARD_ITEMS: readonly { value: string; name: string }[] = [
  { value: 'licence', name: '未取得道路危险货物运输许可，或超越许可的类别、项别从事运输' },
  { value: 'vehicleCheck', name: '车辆未按规定进行安全技术检验、检验不合格或达到报废标准仍从事运输' },
  { value: 'tankCheck', name: '罐体（罐式集装箱）未经检验、检验不合格或超过检验有效期仍在使用' },
  { value: 'tankMedium', name: '使用与所装危险货物不相适应的罐体或车辆（超出适装介质范围）' },
  { value: 'qualification', name: '驾驶员、押运人员未取得相应的从业资格' },
  { value: 'satellite', name: '车辆未按规定安装或使用卫星定位装置，或擅自关闭、屏蔽、破坏卫星定位装置' },
  { value: 'monitoring', name: '未按规定对车辆实施动态监控，或对超速、疲劳驾驶等行为未及时纠正处置' },
  { value: 'overload', name: '超过核定载质量或超限运输危险货物' },
  { value: 'responsibility', name: '未建立或未落实全员安全生产责任制' },
  { value: 'hazardCheck', name: '未建立隐患排查治理制度或未开展事故隐患排查治理' },
  { value: 'safetyStaff', name: '未按规定设置安全生产管理机构或配备专职安全生产管理人员' },
];
