/** Run around every server test file (vitest setupFiles): the apps a file opened are closed when it ends. */
import { afterAll } from 'vitest';
import { closeTestApps } from './helpers.ts';

afterAll(closeTestApps);
