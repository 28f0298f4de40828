/**
 * Motor-vehicle plate numbers (号牌号码), GA 36-2018 《中华人民共和国机动车号牌》.
 *
 * A plate is written without spaces or the separator dot, in upper case:
 *   省份简称 + 发牌机关代号 (a letter) + 序号.
 *
 * - Ordinary plates (blue / yellow / black / white, incl. DG trucks' 黄牌): a 5-character
 *   serial of digits and letters without I and O; the last character may instead be a
 *   use-mark: 挂 (trailer, e.g. 粤AS968挂), 学 (driving school), 警 (police),
 *   港 / 澳 (Hong Kong / Macao cross-border) or 领 (consulate).
 * - New-energy plates (8 characters, 6-character serial):
 *   small cars (渐变绿): energy letter + letter-or-digit + 4 digits, e.g. 浙AD12345;
 *   large vehicles (黄绿双拼): 5 digits + energy letter, e.g. 浙A12345D.
 *   The energy letter was D (纯电) / F (非纯电) in 2016; the later extension to
 *   纯电 D A B C E and 非纯电 F G H J K is accepted as well.
 *
 * Not accepted: 使 (embassy) plates, 应急 plates, military plates, temporary permits.
 */

/** 省、自治区、直辖市简称 used as the first character of a plate. */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

export type PlateKind = 'ordinary' | 'trailer' | 'newEnergySmall' | 'newEnergyLarge';

const P = `[${PLATE_PROVINCES}]`;
/** 发牌机关代号 and serial letters: A-Z without I and O. */
const L = '[A-HJ-NP-Z]';
const LD = '[A-HJ-NP-Z0-9]';
/** New-energy energy letters: 纯电 D A B C E, 非纯电 F G H J K. */
const ENERGY = '[DABCEFGHJK]';

const ORDINARY = new RegExp(`^${P}${L}${LD}{4}[A-HJ-NP-Z0-9学警港澳领]$`);
const TRAILER = new RegExp(`^${P}${L}${LD}{4}挂$`);
const NEW_ENERGY_SMALL = new RegExp(`^${P}${L}${ENERGY}${LD}\\d{4}$`);
const NEW_ENERGY_LARGE = new RegExp(`^${P}${L}\\d{5}${ENERGY}$`);

/** Which kind of plate the value is, or null when it is not a valid plate. */
export function plateKind(value: string): PlateKind | null {
  if (TRAILER.test(value)) return 'trailer';
  if (ORDINARY.test(value)) return 'ordinary';
  if (NEW_ENERGY_SMALL.test(value)) return 'newEnergySmall';
  if (NEW_ENERGY_LARGE.test(value)) return 'newEnergyLarge';
  return null;
}

export function isPlate(value: string): boolean {
  return plateKind(value) !== null;
}

/** Trailers (挂车) carry their own plate ending in 挂 and need a towing vehicle. */
export function isTrailerPlate(value: string): boolean {
  return TRAILER.test(value);
}

/**
 * A plate as another system wrote it, in the form this platform stores: full-width characters (ＡＢ１２３, the
 * ideographic space) made half-width, spaces, dots, hyphens and the middle dot dropped, letters in capitals, and a
 * trailer's use-mark written as (挂) or 挂车 reduced to the single 挂 the plate carries. The result may still not be a
 * plate (`isPlate` says); nothing else is changed, so a value that is no plate stays recognisable in a report.
 */
export function normalisePlate(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\s.·•\-_]/g, '')
    .toUpperCase()
    .replace(/[(（]挂[)）]$/, '挂')
    .replace(/挂车$/, '挂');
}
