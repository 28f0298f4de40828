/** Every table: the platform's own and one per resource definition (generated, see resource-table.ts). */
import { RESOURCES } from '@dg/core';
import { tableFor } from './resource-table.ts';

export * from './platform-schema.ts';

export const resourceTables = Object.fromEntries(RESOURCES.map((r) => [r.key, tableFor(r)]));
