import { describe, it, expect } from 'vitest';
import { normalisePlate, isPlate, isTrailerPlate } from './plate.ts';
import { validateInput } from './validate.ts';
import { fusionRecord } from './resources/fusion.ts';

describe('normalisePlate', () => {
  it.each([
    ['浙Ａ１２３４５', '浙A12345'],
    ['浙a12345', '浙A12345'],
    [' 浙 A 123 45 ', '浙A12345'],
    ['浙A·12345', '浙A12345'],
    ['浙A-12345', '浙A12345'],
    ['浙A\u300012345', '浙A12345'],
    ['浙A1234挂', '浙A1234挂'],
    ['浙a1234(挂)', '浙A1234挂'],
    ['浙A1234（挂）', '浙A1234挂'],
    ['浙A1234挂车', '浙A1234挂'],
    ['浙AD12345', '浙AD12345'],
  ])('%s → %s', (raw, plate) => {
    expect(normalisePlate(raw)).toBe(plate);
    expect(isPlate(normalisePlate(raw))).toBe(true);
  });

  it('leaves what is no plate recognisable and still refused', () => {
    expect(normalisePlate('abc')).toBe('ABC');
    expect(isPlate(normalisePlate('abc'))).toBe(false);
    expect(isTrailerPlate(normalisePlate('浙a1234 挂车'))).toBe(true);
  });

  it('is what every plate field stores: an external record typed with full-width letters validates as the plate', () => {
    const r = validateInput(fusionRecord, { kind: '卡口通行', plateNo: '浙ａ１２３４５', trailerPlateNo: '浙A1234挂车', startTime: '2026-03-03T08:00:00+08:00', regionCode: '330102' }, 'add');
    expect(r.errors).toEqual([]);
    expect(r.values).toMatchObject({ plateNo: '浙A12345', trailerPlateNo: '浙A1234挂' });
    expect(validateInput(fusionRecord, { kind: '卡口通行', plateNo: '浙A 1234', startTime: '2026-03-03T08:00:00+08:00', regionCode: '330102' }, 'add').errors[0]?.message).toBe('车牌号码：请输入正确的车牌号码');
  });
});
