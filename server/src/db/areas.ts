/** Migration areas, applied in this order; each owns the tables of its resource areas (and extra schema files). */
export const MIGRATION_AREAS: { name: string; resourceAreas: string[]; extraSchema?: string[] }[] = [
  { name: 'platform', resourceAreas: ['admin'], extraSchema: ['platform-schema.ts'] },
  { name: 'records', resourceAreas: ['xxda', 'zsk'] },
  { name: 'waybill', resourceAreas: ['dzyd', 'ydjg'], extraSchema: ['waybill-schema.ts', 'rollup-schema.ts'] },
  { name: 'danger', resourceAreas: ['yhpc', 'aqjc', 'zggl', 'zgdb'], extraSchema: ['danger-schema.ts'] },
  { name: 'regime', resourceAreas: ['aqzd'], extraSchema: ['staff-read-schema.ts'] },
  { name: 'notice', resourceAreas: ['tzgg'], extraSchema: ['notice-schema.ts'] },
  { name: 'assessment', resourceAreas: ['aqkh'] },
  { name: 'learning', resourceAreas: ['zxxx'], extraSchema: ['learning-schema.ts'] },
  { name: 'exam', resourceAreas: ['exam'], extraSchema: ['exam-schema.ts'] },
  { name: 'fusion', resourceAreas: ['sjrh'], extraSchema: ['fusion-schema.ts'] },
];
