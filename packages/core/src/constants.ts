/** Spec §8 and §9: the fixed texts and numbers of the product. */
export const PRODUCT_TITLE = '浙江省危险货物道路运输安全监管系统';
export const PRODUCT_TITLE_ENTERPRISE = '浙江省危险货物道路运输企业端';
export const SESSION_HOURS = 4;
export const SESSION_MS = SESSION_HOURS * 3600_000;
export const REQUEST_TIMEOUT_MS = 50_000;
export const REFRESH_BEFORE_MS = 10 * 60_000;
export const REMIND_POLL_MS = 10 * 60_000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_450_MS = 2000;
export const BADGE_MAX = 99;
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const THEME_ENTERPRISE = '#1890ff';
export const THEME_GOVERNMENT = '#fa8c16';
export const HEADER_SEARCH = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const EXCEL_SHEET = 'SheetJS';
export const EXCEL_FILE = '列表';
/** wrong passwords in a row after which an account's sign-ins need a solved captcha, for LOGIN_LOCK_MINUTES */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
/** failed sign-ins one address may make in LOGIN_LOCK_MINUTES before it must wait out the rest of that window */
export const LOGIN_ADDRESS_MAX_FAILURES = 30;
export const DEFAULT_WARNING_DAYS = 30;
export const DEFAULT_PROVINCE_CODE = '330000';

/** Body statuses of the envelope (docs/api-contract.md). */
export const STATUS = { OK: 200, BAD_INPUT: 40001, TOKEN: 40101, FORBIDDEN: 40301, WARN: 450, WARN_40402: 40402, ERROR: 500 } as const;

export const MSG = {
  noMenu: '没有权限，请联系管理员！',
  loggedOut: '你已被登出，可以取消继续留在该页面，或者重新登录',
  loggedOutTitle: '确定登出',
  relogin: '重新登录',
  cancel: '取消',
  forbidden: '当前用户无相关操作权限！',
  serverError: '服务器连接错误！',
  httpError: '服务器或网络连接错误！',
  timeout: '连接超时！',
  refreshFailed: '刷新token出错',
  regionFailed: '获取地区失败',
  fullscreenUnsupported: 'you browser can not work',
  badCredentials: '账户或密码错误！',
  /** the account has had LOGIN_MAX_FAILURES wrong passwords: the next sign-ins need a captcha */
  captchaNeeded: '登录失败次数过多，请输入验证码后重试',
  /** `left` more wrong passwords and the account's sign-ins need a captcha */
  failuresLeft: (left: number) => `账户或密码错误！再失败${left}次后登录需输入验证码`,
  /** the address has made LOGIN_ADDRESS_MAX_FAILURES failed sign-ins */
  addressSlowed: (minutes: number) => `登录失败次数过多，请${minutes}分钟后再试`,
  /** 企业注册: a taken account and an unusable one answer alike, so the form tells no one which accounts exist */
  usernameUnavailable: '管理员账号：该账号不可用，请换一个（20位以内的英文字符和数字）',
  captchaWrong: '验证码不正确',
  captchaExpired: '验证码已过期',
  userDisabled: '账户已停用，请联系管理员',
  staleVersion: '数据已被他人修改，请刷新后重试',
  notFound: '数据不存在或无权访问',
  /** an approved record's supervised fields saved as a change awaiting 企业车辆审核 (labels in the form's order) */
  changeHeld: (labels: string[]) => `已保存；${labels.join('、')}的变更已提交，待主管部门审核通过后生效`,
} as const;

/** Relative time as the product shows it: 刚刚 < 30 s, N分钟前 < 1 h, N小时前 < 1 day, 1天前 < 2 days, else the date. */
export function relativeTime(then: number | Date, now: number = Date.now()): string {
  const t = typeof then === 'number' ? then : then.getTime();
  const s = (now - t) / 1000;
  if (s < 30) return '刚刚';
  if (s < 3600) return `${Math.max(1, Math.floor(s / 60))}分钟前`;
  if (s < 86400) return `${Math.floor(s / 3600)}小时前`;
  if (s < 172800) return '1天前';
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** GB/T 2260 province code (first two digits) → 简称, for plates and licence numbers */
export const PROVINCE_ABBR: Record<string, string> = {
  '11': '京', '12': '津', '13': '冀', '14': '晋', '15': '蒙', '21': '辽', '22': '吉', '23': '黑', '31': '沪', '32': '苏', '33': '浙',
  '34': '皖', '35': '闽', '36': '赣', '37': '鲁', '41': '豫', '42': '鄂', '43': '湘', '44': '粤', '45': '桂', '46': '琼', '50': '渝',
  '51': '川', '52': '贵', '53': '云', '54': '藏', '61': '陕', '62': '甘', '63': '青', '64': '宁', '65': '新',
};
