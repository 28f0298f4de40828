import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { bool, date, datetime, dict, enumOf, integer, ref, region, text, type FieldDef } from '@dg/core';
import { searchMode, serializeFilters } from './filters';

describe('search modes', () => {
  it('follow the search option, or the type for search: true', () => {
    expect(searchMode(text('名称', { search: true }))).toBe('like');
    expect(searchMode(text('编码', { search: 'eq' }))).toBe('eq');
    expect(searchMode(datetime('操作时间', { search: true }))).toBe('range');
    expect(searchMode(dict('性别', 'sex', { search: true }))).toBe('eq');
    expect(searchMode(integer('座位', { search: true }))).toBe('eq');
    expect(searchMode(region('辖区', { search: 'eq' }))).toBe('region');
  });
});

describe('filters sent to the list route', () => {
  const fields: [string, FieldDef][] = [
    ['name', text('名称', { search: 'like' })],
    ['side', enumOf('类型', ['a'], { search: 'eq' })],
    ['crtTime', datetime('操作时间', { search: 'range' })],
    ['issued', date('发证日期', { search: 'range' })],
    ['seats', integer('座位', { search: 'range' })],
    ['enabled', bool('启用', { search: 'eq' })],
    ['groupIds', ref('角色', 'group', 'name', { search: 'in' })],
    ['regionCode', region('辖区', { search: true })],
  ];
  it('leaves out empty inputs and trims text', () => {
    expect(serializeFilters(fields, { name: '  危化 ', side: undefined, groupIds: [], seats: [null, null] })).toEqual({ name: '危化' });
  });
  it('date ranges become days; datetime ranges whole days as instants', () => {
    const from = dayjs('2024-01-01T10:00:00');
    const to = dayjs('2024-01-31T10:00:00');
    const f = serializeFilters(fields, { crtTime: [from, to], issued: [from, to] });
    expect(f.issued).toEqual(['2024-01-01', '2024-01-31']);
    expect(f.crtTime).toEqual([from.startOf('day').toISOString(), to.endOf('day').toISOString()]);
  });
  it('keeps open-ended number ranges, booleans, lists and region codes', () => {
    expect(serializeFilters(fields, { seats: [5, null], enabled: '0', groupIds: ['g1'], regionCode: '330100' }))
      .toEqual({ seats: [5, null], enabled: false, groupIds: ['g1'], regionCode: '330100' });
  });
  it("the page's fixed filters win", () => {
    expect(serializeFilters(fields, { side: 'a' }, { side: 'b', status: '草稿' })).toEqual({ side: 'b', status: '草稿' });
  });
});
