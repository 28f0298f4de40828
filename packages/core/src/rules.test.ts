import { describe, it, expect } from 'vitest';
import {
  RULES,
  checkRule,
  checkIdCard18,
  checkCreditCode,
  makeIdCard18,
  makeCreditCode,
  isExternal,
  validURL,
  idCardInfo,
  type RuleName,
} from './rules.js';
import { isPlate, isTrailerPlate, plateKind } from './plate.js';

/*
 * Hand-verified GB 11643 vectors (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, "10X98765432"):
 *
 * 33010619900307123 ?
 *   3·7=21 3·9=27 0·10=0 1·5=5 0·8=0 6·4=24 1·2=2 9·1=9 9·6=54 0·3=0 0·7=0 3·9=27 0·10=0
 *   7·5=35 1·8=8 2·4=8 3·2=6  → Σ = 226, 226 mod 11 = 6 → '6'   ⇒ 330106199003071236 (男: 3 odd)
 *
 * 44030419850716542 ?
 *   4·7=28 4·9=36 0·10=0 3·5=15 0·8=0 4·4=16 1·2=2 9·1=9 8·6=48 5·3=15 0·7=0 7·9=63 1·10=10
 *   6·5=30 5·8=40 4·4=16 2·2=4 → Σ = 332, 332 mod 11 = 2 → 'X'   ⇒ 44030419850716542X (女: 2 even)
 */
const ID_HAND_MALE = '330106199003071236';
const ID_HAND_FEMALE_X = '44030419850716542X';

/*
 * Hand-verified GB 32100 vectors (charset 0-9 A=10 B=11 C=12 D=13 … M=21 … Y=30,
 * weights 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28, c = 31 − Σ mod 31, 31 → 0):
 *
 * 91330106MA2B3C4D5 ?
 *   9·1=9 1·3=3 3·9=27 3·27=81 0·19=0 1·26=26 0·16=0 6·17=102 M21·20=420 A10·29=290 2·25=50
 *   B11·13=143 3·8=24 C12·24=288 4·10=40 D13·30=390 5·28=140 → Σ = 2033,
 *   2033 mod 31 = 18, 31 − 18 = 13 → 'D'                              ⇒ 91330106MA2B3C4D5D
 *
 * 12330000470051726 ?
 *   1·1=1 2·3=6 3·9=27 3·27=81 0 0 0 0 4·20=80 7·29=203 0 0 5·8=40 1·24=24 7·10=70 2·30=60
 *   6·28=168 → Σ = 760, 760 mod 31 = 16, 31 − 16 = 15 → 'F'           ⇒ 12330000470051726F
 *
 * 913301063Y0000000 ?  (the 31 → 0 case)
 *   9 + 3 + 27 + 81 + 0 + 26 + 0 + 102 + 3·20=60 + Y30·29=870 + 0… → Σ = 1178 = 38·31,
 *   1178 mod 31 = 0, 31 − 0 = 31 → '0'                               ⇒ 913301063Y00000000
 */
const CREDIT_HAND_D = '91330106MA2B3C4D5D';
const CREDIT_HAND_F = '12330000470051726F';
const CREDIT_HAND_ZERO = '913301063Y00000000';

/** For every rule: values that pass and values that fail with the rule's message. */
const CASES: Record<RuleName, { valid: string[]; invalid: string[]; message: string }> = {
  decimal4: {
    message: '请输入正确数字且小数点保留最多四位',
    valid: ['0', '12', '-3', '1.5', '12.3456', '-0.0001'],
    invalid: ['1.23456', 'abc', '1.', '.5', '1,5', '+1', '1e3'],
  },
  natural: {
    message: '请输入数字',
    valid: ['0', '7', '12345'],
    invalid: ['-1', '1.5', 'a', ' 1'],
  },
  decimal2: {
    message: '小数点保留最多两位',
    valid: ['0', '100', '99.9', '1234.56', '-3.50'],
    invalid: ['1.234', 'ab', '1.', '１２'],
  },
  alnum20: {
    message: '请输入20位以内的英文字符和数字',
    valid: ['a', 'ABC123', 'a'.repeat(20)],
    invalid: ['a'.repeat(21), 'ab_c', 'ab c', '中文'],
  },
  password: {
    message: '请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种',
    valid: ['abc12', 'Passw0rd!', 'a1' + '#'.repeat(18)],
    invalid: ['ab1', 'abcdef', '123456', 'a1' + 'b'.repeat(19), 'abc 123', '密码abc123'],
  },
  cnEnSpace: {
    message: '请输入2到100位的中英文字符和空格',
    valid: ['张三', 'ab', 'Zhang San', '杭州 Hangzhou', '中'.repeat(100)],
    invalid: ['张', 'a', '张三1', 'a-b', '中'.repeat(101)],
  },
  text255: {
    message: '请输入255位以内的字符',
    valid: ['任何内容 any text !@#', 'x'.repeat(255), '中'.repeat(255)],
    invalid: ['x'.repeat(256)],
  },
  digitsLines: {
    message: '请输入数字和换行符',
    valid: ['123', '123\n456', '123\r\n456\n'],
    invalid: ['12 34', '12,34', 'abc'],
  },
  noSpecial: {
    message: '请删除特殊字符',
    valid: ['杭州市西湖区文三路1号', 'ABC-123_x.y', '浙江某某化工有限公司（分公司）', '阿沛·阿旺晋美', 'a/b: c，d。'],
    invalid: ['<script>', "O'Brien", 'a;b', 'a@b', '100%', '你好！', '【通知】', 'ok😀'],
  },
  noSpecialInput: {
    message: '禁止输入特殊字符',
    valid: ['普通文本', 'Tank 01'],
    invalid: ['a&b', '￥100', 'x=1'],
  },
  mobile: {
    message: '请输入正确手机号码',
    valid: ['13812345678', '19912345678', '16600001111'],
    invalid: ['12812345678', '1381234567', '138123456789', '+8613812345678', '23812345678'],
  },
  landline: {
    message: '请输入正确的座机号',
    valid: ['0571-88886666', '057188886666', '88886666', '010-62345678', '0571-8888666', '0571-88886666-123'],
    invalid: ['13812345678', '0571-0888666', '123', '0571-88886666-', '0571--88886666'],
  },
  phoneOrLandline: {
    message: '号码格式不正确',
    valid: ['13812345678', '0571-88886666', '88886666'],
    invalid: ['12345', '1381234567a', '0571-888'],
  },
  email: {
    message: '请输入正确电子邮箱',
    valid: ['admin@example.com', 'zhang.san@dg.gov.cn', 'a+b@sub.example.org'],
    invalid: ['admin', 'a@b', 'a@b.c', 'a b@c.com', '@example.com'],
  },
  url: {
    message: '请输入以http和https开头的网址',
    valid: ['http://example.com', 'https://www.gov.cn/zhengce/index.htm', 'https://192.168.1.10:8080/api'],
    invalid: ['ftp://example.com', 'www.example.com', 'https://', 'mailto:a@b.com'],
  },
  qq: {
    message: '请输入正确的QQ号码',
    valid: ['10001', '123456789012'],
    invalid: ['1234', '1234567890123', '012345', '12a45'],
  },
  wechat: {
    message: '请输入正确的微信号码',
    valid: ['wxid_ab', 'zhang-san_2024', 'a' + '1'.repeat(19)],
    invalid: ['abcde', '1abcdef', 'abc def', 'a' + '1'.repeat(20), '张三abcdef'],
  },
  bankCard: {
    message: '请输入正确的银行卡号码',
    valid: ['6222021234567890123', '1234567890', '1'.repeat(20)],
    invalid: ['123456789', '1'.repeat(21), '6222 0212 3456'],
  },
  certNo: {
    message: '请输入正确的证件号码',
    valid: ['A1234567', 'E12345678', '1'.repeat(50)],
    invalid: ['1'.repeat(51), 'A-123', '护照123'],
  },
  idCard: {
    message: '请输入正确的身份证号码',
    valid: [ID_HAND_MALE, ID_HAND_FEMALE_X, '330106900307123'],
    // 15 digits with a bad date (month 13) and with an unknown province (99)
    invalid: ['330106901307123', '990106900307123'],
  },
  cnName: {
    message: '请输入正确中文姓名',
    valid: ['张三', '欧阳娜娜', '阿沛·阿旺晋美', '买买提·艾力'],
    invalid: ['张', 'Zhang San', '张 三', '·张三', '张三·', '张··三', '张三1', '张'.repeat(21)],
  },
  english: {
    message: '请输入英文字符',
    valid: ['abc', 'ABCdef'],
    invalid: ['abc1', 'ab cd', '中文'],
  },
  creditCode: {
    message: '统一社会信用代码格式不正确',
    valid: [CREDIT_HAND_D, CREDIT_HAND_F, CREDIT_HAND_ZERO],
    invalid: ['91330106MA2B3C4D5Z', '91330106ma2b3c4d5d'],
  },
  plate: {
    message: '请输入正确的车牌号码',
    valid: ['浙A12345', '粤AS968挂', '浙AD12345', '浙A12345D', '京A1234警', '粤Z1234港'],
    invalid: ['浙A1234', '浙a12345', '浙AI2345', '浙A123456', 'A12345', '使A12345', '浙A·12345', '浙AZ1234D'],
  },
};

describe('shared rule set (spec §5)', () => {
  for (const [rule, { valid, invalid, message }] of Object.entries(CASES) as [RuleName, (typeof CASES)[RuleName]][]) {
    describe(rule, () => {
      it(`has the spec's message ${message}`, () => {
        expect(RULES[rule].message).toBe(message);
      });
      it.each(valid)('accepts %j', (value) => {
        expect(RULES[rule].test(value)).toBe(true);
        expect(checkRule(rule, value)).toBeNull();
      });
      it.each(invalid)('rejects %j', (value) => {
        expect(RULES[rule].test(value)).toBe(false);
        if (rule !== 'idCard' && rule !== 'creditCode') expect(checkRule(rule, value)).toBe(message);
      });
    });
  }

  it('covers every rule name', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(RULES).sort());
  });

  it('treats an empty value as valid for every rule (required-ness is separate)', () => {
    for (const rule of Object.keys(RULES) as RuleName[]) expect(checkRule(rule, '')).toBeNull();
  });

  it('uses the same test for 请删除特殊字符 and 禁止输入特殊字符', () => {
    for (const value of ['abc', 'a<b', '杭州', '#1']) {
      expect(RULES.noSpecial.test(value)).toBe(RULES.noSpecialInput.test(value));
    }
  });

  it('idCard gives the specific GB 11643 reason, and the generic message for a bad 15-digit number', () => {
    expect(checkRule('idCard', '33010619900307123')).toBe('证件号码长度不为18位');
    expect(checkRule('idCard', '330106199013071236')).toBe('证件号码格式错误');
    expect(checkRule('idCard', '990106199003071236')).toBe('地址编码错误');
    expect(checkRule('idCard', '330106199003071237')).toBe('证件号码校验位错误');
    expect(checkRule('idCard', '330106901307123')).toBe('请输入正确的身份证号码');
  });

  it('creditCode gives the specific GB 32100 reason', () => {
    expect(checkRule('creditCode', '91330106MA2B3C4D5')).toBe('统一社会信用代码长度不为18位');
    expect(checkRule('creditCode', '91330106MA2B3C4D5I')).toBe('统一社会信用代码格式不正确');
    expect(checkRule('creditCode', '91330106MA2B3C4D5E')).toBe('统一社会信用代码校验码不正确');
  });
});

describe('checkIdCard18 (GB 11643)', () => {
  it('accepts the hand-computed vectors, including the X check character', () => {
    expect(checkIdCard18(ID_HAND_MALE)).toBeNull();
    expect(checkIdCard18(ID_HAND_FEMALE_X)).toBeNull();
  });

  it('makeIdCard18 reproduces the hand-computed check characters', () => {
    expect(makeIdCard18('33010619900307123')).toBe(ID_HAND_MALE);
    expect(makeIdCard18('44030419850716542')).toBe(ID_HAND_FEMALE_X);
  });

  it('accepts generated numbers for every province code of the table', () => {
    for (const p of ['11', '15', '21', '23', '31', '37', '41', '46', '50', '54', '61', '65', '71', '81', '82', '83', '91']) {
      expect(checkIdCard18(makeIdCard18(`${p}010220000229012`))).toBeNull();
    }
  });

  it('证件号码长度不为18位 for any other length', () => {
    expect(checkIdCard18('33010619900307123')).toBe('证件号码长度不为18位');
    expect(checkIdCard18('3301061990030712366')).toBe('证件号码长度不为18位');
    expect(checkIdCard18('330106900307123')).toBe('证件号码长度不为18位');
  });

  it('证件号码格式错误 for non-digits, a lower-case x, or an impossible birth date', () => {
    expect(checkIdCard18('33010619900307123A')).toBe('证件号码格式错误');
    expect(checkIdCard18('3301061990030X1236')).toBe('证件号码格式错误');
    expect(checkIdCard18('44030419850716542x')).toBe('证件号码格式错误');
    expect(checkIdCard18(makeIdCard18('33010619900230123'))).toBe('证件号码格式错误'); // 30 Feb
    expect(checkIdCard18(makeIdCard18('33010619011329123'))).toBe('证件号码格式错误'); // month 13
    expect(checkIdCard18(makeIdCard18('33010618991231123'))).toBe('证件号码格式错误'); // before 1900
    expect(checkIdCard18(makeIdCard18('33010629990101123'))).toBe('证件号码格式错误'); // future
    // 29 Feb exists only in leap years
    expect(checkIdCard18(makeIdCard18('33010620000229123'))).toBeNull();
    expect(checkIdCard18(makeIdCard18('33010619000229123'))).toBe('证件号码格式错误');
  });

  it('地址编码错误 when the first two digits are not a province code', () => {
    for (const p of ['00', '10', '16', '24', '38', '47', '55', '66', '72', '84', '90', '99']) {
      expect(checkIdCard18(makeIdCard18(`${p}010619900307123`))).toBe('地址编码错误');
    }
  });

  it('证件号码校验位错误 when the check character does not match', () => {
    expect(checkIdCard18('330106199003071237')).toBe('证件号码校验位错误');
    expect(checkIdCard18('33010619900307123X')).toBe('证件号码校验位错误');
    expect(checkIdCard18('440304198507165420')).toBe('证件号码校验位错误');
    // a single transposed digit changes the sum
    expect(checkIdCard18('330106199003071326')).toBe('证件号码校验位错误');
  });

  it('makeIdCard18 refuses anything but 17 digits', () => {
    expect(() => makeIdCard18('3301061990030712')).toThrow();
    expect(() => makeIdCard18('3301061990030712X')).toThrow();
  });
});

describe('idCardInfo', () => {
  it('reads birth date and sex from an 18-digit number', () => {
    expect(idCardInfo(ID_HAND_MALE)).toEqual({ birth: '1990-03-07', sex: '男' });
    expect(idCardInfo(ID_HAND_FEMALE_X)).toEqual({ birth: '1985-07-16', sex: '女' });
  });

  it('reads birth date and sex from a 15-digit number (19YYMMDD)', () => {
    expect(idCardInfo('330106900307123')).toEqual({ birth: '1990-03-07', sex: '男' });
    expect(idCardInfo('330106850716542')).toEqual({ birth: '1985-07-16', sex: '女' });
  });

  it('returns null for an invalid number', () => {
    expect(idCardInfo('330106199003071237')).toBeNull();
    expect(idCardInfo('330106901307123')).toBeNull();
    expect(idCardInfo('')).toBeNull();
  });
});

describe('checkCreditCode (GB 32100)', () => {
  it('accepts the hand-computed vectors, including the 31 → 0 case', () => {
    expect(checkCreditCode(CREDIT_HAND_D)).toBeNull();
    expect(checkCreditCode(CREDIT_HAND_F)).toBeNull();
    expect(checkCreditCode(CREDIT_HAND_ZERO)).toBeNull();
  });

  it('makeCreditCode reproduces the hand-computed check characters', () => {
    expect(makeCreditCode('91330106MA2B3C4D5')).toBe(CREDIT_HAND_D);
    expect(makeCreditCode('12330000470051726')).toBe(CREDIT_HAND_F);
    expect(makeCreditCode('913301063Y0000000')).toBe(CREDIT_HAND_ZERO);
  });

  it('accepts generated codes whatever the check character is', () => {
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const seen = new Set<string>();
    for (const c of chars) {
      const code = makeCreditCode(`91330106MA2B3C4${c}0`);
      expect(checkCreditCode(code)).toBeNull();
      seen.add(code[17]!);
    }
    expect(seen.size).toBe(31); // one position changed by every value → every check char appears
  });

  it('统一社会信用代码长度不为18位 for any other length', () => {
    expect(checkCreditCode('91330106MA2B3C4D5')).toBe('统一社会信用代码长度不为18位');
    expect(checkCreditCode('91330106MA2B3C4D5DD')).toBe('统一社会信用代码长度不为18位');
    expect(checkCreditCode(' 91330106MA2B3C4D5D')).toBe('统一社会信用代码长度不为18位');
  });

  it('统一社会信用代码格式不正确 for I, O, Z, S, V, lower case or punctuation', () => {
    expect(checkCreditCode('91330106MA2B3C4DI' + 'D')).toBe('统一社会信用代码格式不正确');
    expect(checkCreditCode('91330106MA2B3C4DO' + 'D')).toBe('统一社会信用代码格式不正确');
    expect(checkCreditCode('9133010IMA2B3C4D5D')).toBe('统一社会信用代码格式不正确');
    expect(checkCreditCode('91330106MA2B3C4D5O')).toBe('统一社会信用代码格式不正确');
    for (const c of ['Z', 'S', 'V']) expect(checkCreditCode(`91330106MA2B3C4D5${c}`)).toBe('统一社会信用代码格式不正确');
    // lower case is not in the GB 32100 character set, even when the upper-case code is valid
    expect(checkCreditCode(CREDIT_HAND_D.toLowerCase())).toBe('统一社会信用代码格式不正确');
    expect(checkCreditCode('91330106Ma2B3C4D5D')).toBe('统一社会信用代码格式不正确');
    expect(checkCreditCode('91330106-A2B3C4D5D')).toBe('统一社会信用代码格式不正确');
  });

  it('统一社会信用代码校验码不正确 when the check character does not match', () => {
    expect(checkCreditCode('91330106MA2B3C4D5E')).toBe('统一社会信用代码校验码不正确');
    expect(checkCreditCode('12330000470051726G')).toBe('统一社会信用代码校验码不正确');
    expect(checkCreditCode('913301063Y00000001')).toBe('统一社会信用代码校验码不正确');
    // two characters swapped
    expect(checkCreditCode('91330106AM2B3C4D5D')).toBe('统一社会信用代码校验码不正确');
  });

  it('makeCreditCode refuses characters outside the charset', () => {
    expect(() => makeCreditCode('91330106MA2B3C4DI')).toThrow();
    expect(() => makeCreditCode('91330106ma2b3c4d5')).toThrow();
    expect(() => makeCreditCode('91330106MA2B3C4D')).toThrow();
  });
});

describe('plates (GA 36-2018)', () => {
  it('tells the kinds apart', () => {
    expect(plateKind('浙A12345')).toBe('ordinary');
    expect(plateKind('浙AB1C23')).toBe('ordinary');
    expect(plateKind('粤AS968挂')).toBe('trailer');
    expect(plateKind('浙AD12345')).toBe('newEnergySmall');
    expect(plateKind('浙AFA1234')).toBe('newEnergySmall');
    expect(plateKind('浙A12345F')).toBe('newEnergyLarge');
    expect(plateKind('浙A1234')).toBeNull();
  });

  it('accepts the extended new-energy letters D A B C E / F G H J K only', () => {
    for (const e of 'DABCEFGHJK') {
      expect(isPlate(`浙A${e}12345`)).toBe(true);
      expect(isPlate(`浙A12345${e}`)).toBe(true);
    }
    for (const e of 'LMNPQRSTUVWXYZ') expect(isPlate(`浙A12345${e}`)).toBe(false);
    // small new-energy plates end in four digits
    expect(isPlate('浙AD1234A')).toBe(false);
  });

  it('recognises trailers by 挂', () => {
    expect(isTrailerPlate('粤AS968挂')).toBe(true);
    expect(isTrailerPlate('粤AS9681')).toBe(false);
  });

  it('accepts every province abbreviation and rejects others', () => {
    for (const p of '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼') expect(isPlate(`${p}B12345`)).toBe(true);
    expect(isPlate('台B12345')).toBe(false);
  });

  it('rejects I and O in the issuing-authority letter and the serial', () => {
    expect(isPlate('浙I12345')).toBe(false);
    expect(isPlate('浙O12345')).toBe(false);
    expect(isPlate('浙A1234O')).toBe(false);
  });
});

describe('vue-element-admin validate.js', () => {
  it('isExternal: http, https, mailto and tel links', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('http://example.com')).toBe(true);
    expect(isExternal('mailto:a@b.com')).toBe(true);
    expect(isExternal('tel:057188886666')).toBe(true);
    expect(isExternal('/waybill/list')).toBe(false);
    expect(isExternal('ftp://example.com')).toBe(false);
  });

  it('validURL: http, https and ftp hosts', () => {
    expect(validURL('https://github.com/PanJiaChen/vue-element-admin')).toBe(true);
    expect(validURL('ftp://10.0.0.1:21/pub')).toBe(true);
    expect(validURL('https://example.com:8080/a/b?c=1&d=2#top')).toBe(true);
    expect(validURL('example.com')).toBe(false);
    expect(validURL('https://256.1.1.1')).toBe(false);
    expect(validURL('https://exa mple.com')).toBe(false);
  });
});
