/** part 4 of the bad-input sweep of every call (server/test/bad-input-sweep.ts) */
import { badInputSweep } from './bad-input-sweep.ts';

badInputSweep(3);
