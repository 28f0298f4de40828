/** part 1 of the route fuzz with hostile input (server/test/security/route-fuzz-input-sweep.ts) */
import { fuzzInputSweep } from './route-fuzz-input-sweep.ts';

fuzzInputSweep(0);
