/** Registry of every resource definition, by key. Each area adds its file here. */
import type { ResourceDef } from '../resource.ts';
import { adminResources } from './admin.ts';
import { recordsResources } from './records.ts';
export { AUDIT_KINDS, AUDIT_STATUSES, AUDIT_SUBMITTABLE, REVIEW_STATES, REVIEW_STEPS, recordChange } from './records.ts';
import { knowledgeResources } from './knowledge.ts';
import { waybillResources } from './waybill.ts';
import { dangerResources } from './danger.ts';
import { inspectionResources } from './inspection.ts';
import { regimeResources } from './regime.ts';
import { noticeResources } from './notice.ts';
import { assessmentResources } from './assessment.ts';
import { learningResources } from './learning.ts';
import { examResources } from './exam.ts';
import { fusionResources } from './fusion.ts';

export const RESOURCES: ResourceDef[] = [...adminResources, ...recordsResources, ...knowledgeResources, ...waybillResources, ...dangerResources, ...inspectionResources, ...regimeResources, ...noticeResources, ...assessmentResources, ...learningResources, ...examResources, ...fusionResources];
export const resourceByKey = (key: string) => RESOURCES.find((r) => r.key === key);
export const resourceByMenu = (menu: string) => RESOURCES.find((r) => r.menu === menu);
