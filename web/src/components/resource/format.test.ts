import { describe, expect, it } from 'vitest';
import { bool, date, datetime, dict, enumOf, file, integer, number, ref, region, text } from '@dg/core';
import {
  attachmentUrl, dictLabel, dictOptionsOf, formatBool, formatDate, formatDateTime, formatNumber, formatValue,
  regionLabel, toFileRefs,
} from './format';
import type { DictEntry, FormatContext, RegionNode } from './types';

const tree: RegionNode[] = [
  { id: '330000', name: '浙江省', children: [
    { id: '330100', name: '杭州市', children: [{ id: '330102', name: '上城区' }, { id: '330106', name: '西湖区' }] },
    { id: '330200', name: '宁波市', children: [{ id: '330203', name: '海曙区' }] },
  ] },
];

const entries: DictEntry[] = [
  { type: 'sex', name: '性别', value: 'sex', pid: null },
  { type: 'sex', name: '女', value: '2', orderNum: 2 },
  { type: 'sex', name: '男', value: '1', orderNum: 1 },
  { type: 'sex', name: '未知', value: '9', orderNum: 3, enabled: false },
  { type: 'plateColor', name: '黄', value: '2' },
];

const ctx: FormatContext = {
  dictName: (type, value) => dictLabel(entries, type, value),
  regionName: (code) => regionLabel(tree, code),
};

describe('dates read YYYY-MM-DD HH:mm:ss', () => {
  it('formats a datetime in local time and leaves blanks empty', () => {
    const local = new Date(2024, 2, 5, 8, 9, 10);
    expect(formatDateTime(local.toISOString())).toBe('2024-03-05 08:09:10');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
  });
  it('keeps a plain date as sent', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('values read as a user expects', () => {
  it('booleans are 是 / 否', () => {
    expect(formatBool(true)).toBe('是');
    expect(formatBool(false)).toBe('否');
    expect(formatBool(null)).toBe('');
  });
  it('numeric strings lose trailing zeros unless a precision is set', () => {
    expect(formatNumber('12.3400')).toBe('12.34');
    expect(formatNumber('12.0000')).toBe('12');
    expect(formatNumber('120')).toBe('120');
    expect(formatNumber('12.3', 2)).toBe('12.30');
  });
  it('a region code reads as its full path', () => {
    expect(regionLabel(tree, '330102')).toBe('浙江省/杭州市/上城区');
    expect(regionLabel(tree, '330100')).toBe('浙江省/杭州市');
    expect(regionLabel(tree, '330106001')).toBe('浙江省/杭州市/西湖区/330106001');
    expect(regionLabel(tree, '110000')).toBe('110000');
  });
  it('dictionary values read as their names; options skip disabled entries and keep the order', () => {
    expect(dictLabel(entries, 'sex', '1')).toBe('男');
    expect(dictLabel(entries, 'sex', '7')).toBe('7');
    expect(dictLabel(entries, 'sex', 'sex')).toBe('sex');
    expect(dictOptionsOf(entries, 'sex')).toEqual([{ label: '男', value: '1' }, { label: '女', value: '2' }]);
  });
  it('attachments are [{id, name}] whatever the upload answer called them', () => {
    expect(toFileRefs([{ id: 'a', name: 'x.pdf' }])).toEqual([{ id: 'a', name: 'x.pdf' }]);
    expect(toFileRefs({ fileId: 'b', fileName: 'y.png' })).toEqual([{ id: 'b', name: 'y.png' }]);
    expect(toFileRefs(null)).toEqual([]);
    expect(attachmentUrl('a b')).toBe('/api/zxxx/file/getAttachment/a%20b');
  });
});

describe('formatValue renders each field type', () => {
  const row = {
    id: '1', sex: '2', colours: ['1', '2'], side: 'government', regionCode: '330203', enabled: false,
    orgId: 'o1', orgIdLabel: '杭州市运管', groupIds: ['g1', 'g2'], groupIdsLabel: ['管理员', '审核员'],
    load: '30.5000', seats: 5, issued: '2024-01-02', crtTime: new Date(2024, 0, 2, 3, 4, 5).toISOString(),
    files: [{ id: 'f1', name: '证照.pdf' }, { id: 'f2', name: '照片.jpg' }],
  };
  const sides = enumOf('用户类型', [{ label: '政府', value: 'government' }]);
  it.each([
    ['sex', dict('性别', 'sex'), '女'],
    ['colours', dict('颜色', 'sex', { multiple: true }), '男、女'],
    ['side', sides, '政府'],
    ['regionCode', region('辖区'), '浙江省/宁波市/海曙区'],
    ['enabled', bool('启用'), '否'],
    ['orgId', ref('所属机构', 'org', 'name'), '杭州市运管'],
    ['groupIds', ref('角色', 'group', 'name', { multiple: true }), '管理员、审核员'],
    ['load', number('核定载质量'), '30.5'],
    ['seats', integer('座位'), '5'],
    ['issued', date('发证日期'), '2024-01-02'],
    ['crtTime', datetime('操作时间'), '2024-01-02 03:04:05'],
    ['files', file('附件', { multiple: true }), '证照.pdf、照片.jpg'],
    ['missing', text('备注'), ''],
  ] as const)('%s', (name, fd, expected) => {
    expect(formatValue(name, fd, row, ctx)).toBe(expected);
  });
});
