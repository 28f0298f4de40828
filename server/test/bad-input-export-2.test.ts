/** part 2 of the malformed-filter sweep of every export and list (server/test/bad-input-export-sweep.ts) */
import { exportSweep } from './bad-input-export-sweep.ts';

exportSweep(1);
