/**
 * The shared validation rule set, used by forms in the browser
 * and by request schemas on the server. Every message is the product's Chinese text, letter for
 * letter. A rule only judges the shape of a non-empty value: whether a field is required is
 * decided elsewhere, so checkRule() treats the empty string as valid.
 *
 * Identity numbers follow GB 11643-1999 (居民身份证号码) and GB 32100-2015
 * (统一社会信用代码). Plates follow GA 36-2018 (./plate.ts).
 * Both standards write letters in upper case; lower-case input is rejected rather than
 * silently accepted, so that stored numbers stay canonical (forms may upper-case on input).
 */
import { isPlate } from './plate.js';

export type RuleName =
  | 'decimal4'
  | 'natural'
  | 'decimal2'
  | 'alnum20'
  | 'password'
  | 'cnEnSpace'
  | 'text255'
  | 'digitsLines'
  | 'noSpecial'
  | 'noSpecialInput'
  | 'mobile'
  | 'landline'
  | 'phoneOrLandline'
  | 'email'
  | 'url'
  | 'qq'
  | 'wechat'
  | 'bankCard'
  | 'certNo'
  | 'idCard'
  | 'cnName'
  | 'english'
  | 'creditCode'
  | 'plate';

export interface Rule {
  /** The product's message, shown when test() fails. */
  message: string;
  test: (value: string) => boolean;
}

// ---------------------------------------------------------------------------
// vue-element-admin src/utils/validate.js, kept verbatim.
// ---------------------------------------------------------------------------

/** A link that leaves the app (menu entries, sidebar links). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

const VALID_URL =
  /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.(com|edu|gov|int|mil|net|org|biz|arpa|info|name|pro|aero|coop|museum|[a-zA-Z]{2}))(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

export function validURL(url: string): boolean {
  return VALID_URL.test(url);
}

const VALID_EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

// ---------------------------------------------------------------------------
// GB 11643-1999 公民身份号码
// 6-digit address code (GB/T 2260) + 8-digit birth date + 3-digit sequence (odd = male)
// + check character. The 15-digit form (pre-1999) has a 6-digit birth date 19YYMMDD and
// no check character.
// ---------------------------------------------------------------------------

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** ISO 7064 MOD 11-2 as tabulated in GB 11643: index = Σ aᵢ·wᵢ mod 11. */
const ID_CHECK_CHARS = '10X98765432';

/**
 * The first two digits of the address code: provinces of GB/T 2260 plus 71 台湾,
 * 81 香港, 82 澳门, 83 (港澳台居民居住证) and 91 (外国人永久居留身份证, 2023 format).
 */
const PROVINCE_CODES = new Set([
  '11', '12', '13', '14', '15',
  '21', '22', '23',
  '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54',
  '61', '62', '63', '64', '65',
  '71', '81', '82', '83', '91',
]);

function idCheckChar(prefix17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(prefix17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** A real calendar date from 1900-01-01 up to today (a birth date cannot be in the future). */
function isBirthDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false; // e.g. 0230
  return date.getTime() <= Date.now();
}

/** GB 11643: null when the 18-character number is valid, otherwise the reason. */
export function checkIdCard18(value: string): string | null {
  if (value.length !== 18) return '证件号码长度不为18位';
  if (!/^\d{17}[\dX]$/.test(value)) return '证件号码格式错误';
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (!isBirthDate(year, month, day)) return '证件号码格式错误';
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return '地址编码错误';
  if (idCheckChar(value.slice(0, 17)) !== value[17]) return '证件号码校验位错误';
  return null;
}

/** The old 15-digit number: address code + YYMMDD (19YY) + 3-digit sequence. */
function isIdCard15(value: string): boolean {
  if (!/^\d{15}$/.test(value)) return false;
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return false;
  const year = 1900 + Number(value.slice(6, 8));
  return isBirthDate(year, Number(value.slice(8, 10)), Number(value.slice(10, 12)));
}

/** Appends the GB 11643 check character to 17 digits (for seeds and tests). */
export function makeIdCard18(prefix17: string): string {
  if (!/^\d{17}$/.test(prefix17)) throw new Error(`makeIdCard18: expected 17 digits, got "${prefix17}"`);
  return prefix17 + idCheckChar(prefix17);
}

/**
 * Birth date (YYYY-MM-DD) and sex of a valid 15- or 18-digit ID number, else null.
 * The sequence code's last digit is odd for men and even for women.
 */
export function idCardInfo(value: string): { birth: string; sex: '男' | '女' } | null {
  let birth: string;
  let sexDigit: number;
  if (value.length === 18 && checkIdCard18(value) === null) {
    birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
    sexDigit = Number(value[16]);
  } else if (isIdCard15(value)) {
    birth = `19${value.slice(6, 8)}-${value.slice(8, 10)}-${value.slice(10, 12)}`;
    sexDigit = Number(value[14]);
  } else {
    return null;
  }
  return { birth, sex: sexDigit % 2 === 1 ? '男' : '女' };
}

// ---------------------------------------------------------------------------
// GB 32100-2015 法人和其他组织统一社会信用代码
// 18 characters from 0-9 and A-Z without I O Z S V; the 18th is a check character:
// c = 31 − (Σ value(cᵢ)·wᵢ mod 31), with 31 written as 0.
// ---------------------------------------------------------------------------

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_FORMAT = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

function creditCheckChar(prefix17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(prefix17[i]!) * CREDIT_WEIGHTS[i]!;
  const c = 31 - (sum % 31);
  return CREDIT_CHARS[c === 31 ? 0 : c]!;
}

/** GB 32100: null when valid, otherwise '统一社会信用代码' followed by the reason. */
export function checkCreditCode(value: string): string | null {
  if (value.length !== 18) return '统一社会信用代码长度不为18位';
  // Only the character set is checked; the registration-authority and type digits are not.
  if (!CREDIT_FORMAT.test(value)) return '统一社会信用代码格式不正确';
  if (creditCheckChar(value.slice(0, 17)) !== value[17]) return '统一社会信用代码校验码不正确';
  return null;
}

/** Appends the GB 32100 check character to 17 code characters (for seeds and tests). */
export function makeCreditCode(prefix17: string): string {
  if (!/^[0-9A-HJ-NPQRTUWXY]{17}$/.test(prefix17)) {
    throw new Error(`makeCreditCode: expected 17 characters of ${CREDIT_CHARS}, got "${prefix17}"`);
  }
  return prefix17 + creditCheckChar(prefix17);
}

// ---------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------

/** Mainland mobile numbers: 11 digits, 1 then a network digit 3-9 (no +86 prefix). */
const MOBILE = /^1[3-9]\d{9}$/;
/**
 * Fixed-line numbers: optional long-distance code (0 + 2-3 digits, e.g. 010, 0571) with or
 * without a hyphen, a 7- or 8-digit local number that does not start with 0 or 1,
 * and an optional -extension of 1-6 digits.
 */
const LANDLINE = /^(0\d{2,3}-?)?[2-9]\d{6,7}(-\d{1,6})?$/;

// ---------------------------------------------------------------------------
// Special characters
// ---------------------------------------------------------------------------

/**
 * What the rule set counts as ordinary text: letters of any script, digits, whitespace and
 * the punctuation names and addresses need ( - _ . , ( ) : / · and the full-width ，。、：（）).
 * Anything else (` ~ ! @ # $ % ^ & * = + | { } [ ] < > ? ; ' " \, their full-width forms,
 * emoji, control characters) is a "special character".
 */
const NO_SPECIAL = /^[\p{L}\p{N}\s\-_.,():/·，。、：（）]*$/u;

const HAN = '\\p{Script=Han}';

/** The number of characters as a reader counts them (code points, not UTF-16 units). */
function charCount(value: string): number {
  return [...value].length;
}

// ---------------------------------------------------------------------------
// The rule set
// ---------------------------------------------------------------------------

export const RULES: Record<RuleName, Rule> = {
  decimal4: {
    message: '请输入正确数字且小数点保留最多四位',
    // Signed decimal, up to 4 places: -1, 0, 12.3456
    test: (v) => /^-?\d+(\.\d{1,4})?$/.test(v),
  },
  natural: {
    message: '请输入数字',
    // 0, 1, 2, ...
    test: (v) => /^\d+$/.test(v),
  },
  decimal2: {
    message: '小数点保留最多两位',
    // Signed decimal, up to 2 places (amounts in 元)
    test: (v) => /^-?\d+(\.\d{1,2})?$/.test(v),
  },
  alnum20: {
    message: '请输入20位以内的英文字符和数字',
    test: (v) => /^[A-Za-z0-9]{1,20}$/.test(v),
  },
  password: {
    message: '请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种',
    // Printable ASCII without spaces, 5-20 long, at least one letter and one digit.
    test: (v) => /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{5,20}$/.test(v),
  },
  cnEnSpace: {
    message: '请输入2到100位的中英文字符和空格',
    test: (v) => new RegExp(`^[${HAN}A-Za-z ]{2,100}$`, 'u').test(v),
  },
  text255: {
    message: '请输入255位以内的字符',
    test: (v) => charCount(v) <= 255,
  },
  digitsLines: {
    message: '请输入数字和换行符',
    // One number per line, e.g. a pasted list of waybill numbers.
    test: (v) => /^[\d\r\n]+$/.test(v),
  },
  noSpecial: {
    message: '请删除特殊字符',
    test: (v) => NO_SPECIAL.test(v),
  },
  noSpecialInput: {
    message: '禁止输入特殊字符',
    test: (v) => NO_SPECIAL.test(v),
  },
  mobile: {
    message: '请输入正确手机号码',
    test: (v) => MOBILE.test(v),
  },
  landline: {
    message: '请输入正确的座机号',
    test: (v) => LANDLINE.test(v),
  },
  phoneOrLandline: {
    message: '号码格式不正确',
    test: (v) => MOBILE.test(v) || LANDLINE.test(v),
  },
  email: {
    message: '请输入正确电子邮箱',
    test: (v) => VALID_EMAIL.test(v),
  },
  url: {
    message: '请输入以http和https开头的网址',
    // vue-element-admin's validURL, restricted to http and https.
    test: (v) => /^https?:\/\//.test(v) && validURL(v),
  },
  qq: {
    message: '请输入正确的QQ号码',
    // 5-12 digits, never starting with 0
    test: (v) => /^[1-9]\d{4,11}$/.test(v),
  },
  wechat: {
    message: '请输入正确的微信号码',
    // WeChat ID rules: 6-20 characters, starts with a letter, then letters, digits, _ or -
    test: (v) => /^[A-Za-z][A-Za-z0-9_-]{5,19}$/.test(v),
  },
  bankCard: {
    message: '请输入正确的银行卡号码',
    // Card length only (10-20 digits); no Luhn check, since not every issuer uses it.
    test: (v) => /^\d{10,20}$/.test(v),
  },
  certNo: {
    message: '请输入正确的证件号码',
    test: (v) => /^[A-Za-z0-9]{0,50}$/.test(v),
  },
  idCard: {
    message: '请输入正确的身份证号码',
    test: (v) => isIdCard15(v) || checkIdCard18(v) === null,
  },
  cnName: {
    message: '请输入正确中文姓名',
    // 2-20 Han characters; minority names join parts with the middle dot U+00B7 (阿沛·阿旺晋美).
    test: (v) => charCount(v) >= 2 && charCount(v) <= 20 && new RegExp(`^${HAN}+(·${HAN}+)*$`, 'u').test(v),
  },
  english: {
    message: '请输入英文字符',
    // vue-element-admin validAlphabets
    test: (v) => /^[A-Za-z]+$/.test(v),
  },
  creditCode: {
    message: '统一社会信用代码格式不正确',
    test: (v) => checkCreditCode(v) === null,
  },
  plate: {
    message: '请输入正确的车牌号码',
    test: (v) => isPlate(v),
  },
};

/**
 * Null when the value passes the rule, otherwise the message to show. The empty string is
 * valid (required-ness is a separate check). idCard and creditCode give the specific reason:
 * a 15-character ID that fails gets 请输入正确的身份证号码, any other length the GB 11643 reason.
 */
export function checkRule(rule: RuleName, value: string): string | null {
  if (value === '') return null;
  if (rule === 'creditCode') return checkCreditCode(value);
  if (rule === 'idCard') {
    if (value.length === 15) return isIdCard15(value) ? null : RULES.idCard.message;
    return checkIdCard18(value);
  }
  const { test, message } = RULES[rule];
  return test(value) ? null : message;
}
