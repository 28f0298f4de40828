/** A field's value as page content: text from formatValue, links for attachments, JSON as code. */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { FieldDef } from '@dg/core';
import AttachmentLinks from './AttachmentLinks';
import RichTextView from '../RichTextView';
import { formatValue } from './format';
import type { FormatContext, Row } from './types';

const preStyle = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto' } as const;

export function renderValue(name: string, fd: FieldDef, row: Row, ctx: FormatContext, where: 'table' | 'detail'): ReactNode {
  const value = row[name];
  switch (fd.type) {
    case 'file':
      return <AttachmentLinks value={value} inline={where === 'table'} />;
    case 'json':
      if (value === null || value === undefined || value === '') return '';
      return where === 'table' ? formatValue(name, fd, row, ctx) : <pre style={preStyle}>{JSON.stringify(value, null, 2)}</pre>;
    case 'textarea':
    case 'richText':
      // the server sanitised it when it was written (every rich-text field, platform/rich-text.ts)
      return where === 'table' ? formatValue(name, fd, row, ctx) : <RichTextView html={value} testId={`rich-${name}`} />;
    case 'bool':
      return fd.alarm && value === true ? <Tag color="error">{fd.label}</Tag> : formatValue(name, fd, row, ctx);
    default:
      return formatValue(name, fd, row, ctx);
  }
}
