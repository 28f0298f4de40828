/**
 * Resources whose add, edit and detail are pages of their own beside their list (the product's /danger and /regime edit
 * and info pages). The route table reads this (no antd here); routedRecordPages.tsx draws them.
 */
import type { ResourcePaths } from '../components/resource/ResourcePaths';
import { DANGER_PATHS } from './danger/paths';
import { REGIME_PATHS } from './regime/paths';

export interface RoutedRecord { resourceKey: string; menu: string; title: string; paths: ResourcePaths; readOnly?: boolean }

export const ROUTED_RECORDS: RoutedRecord[] = [
  { resourceKey: 'meeting', menu: 'meetingManager', title: '安全会议', paths: DANGER_PATHS.meeting },
  { resourceKey: 'dangerCheckItem', menu: 'dangerCheckItemManager', title: '检查项目', paths: DANGER_PATHS.dangerCheckItem },
  { resourceKey: 'checkFunction', menu: 'checkFunctionManager', title: '检查类型', paths: DANGER_PATHS.checkFunction },
  { resourceKey: 'trainingLedger', menu: 'trainingLedgerManager', title: '培训台账', paths: DANGER_PATHS.trainingLedger },
  { resourceKey: 'violatorLedger', menu: 'violatorLedgerManager', title: '违章人员台账', paths: DANGER_PATHS.violatorLedger },
  { resourceKey: 'rectificationLedger', menu: 'rectificationLedgerManager', title: '整改台账', paths: DANGER_PATHS.rectificationLedger, readOnly: true },
  { resourceKey: 'dutyLetter', menu: 'dutyManager', title: '安全生产责任书', paths: REGIME_PATHS.duty },
  { resourceKey: 'prize', menu: 'prizeManager', title: '奖惩', paths: REGIME_PATHS.prize },
];
export const routedRecord = (resourceKey: string) => ROUTED_RECORDS.find((r) => r.resourceKey === resourceKey)!;
