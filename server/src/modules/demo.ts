/** Demo seeders of every area register themselves by being imported here. */
export {};
import './admin/demo.ts';
import './records/demo.ts';
import './approval/demo.ts';
import './waybill/demo.ts';
import './danger/demo.ts';
import './inspection/demo.ts';
import './assessment/demo.ts';
import './regime/demo.ts';
import './notice/demo.ts';
import './learning/demo.ts';
import './exam/demo.ts';
