/**
 * 导出: asks the server for an xlsx of the current filters and sort (sheet SheetJS, file 列表
 * unless the server names it). The button waits while the file streams.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXCEL_FILE } from '@dg/core';
import { download } from '../api/request';
import { useSave } from './resource/useSave';

export interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** export route relative to /api, e.g. '/admin/user/export' */
  url: string;
  /** request body, e.g. `{ filters, sort }` */
  body?: unknown;
  /** used when the server gives no file name */
  fileName?: string;
  children?: ReactNode;
}

export default function ExportButton({ url, body, fileName = `${EXCEL_FILE}.xlsx`, children = '导出', ...rest }: ExportButtonProps) {
  // the button waits while the file streams; a refusal is told by the request client
  const { save, saving: busy } = useSave(() => download(url, body, fileName));
  const run = () => save(undefined);
  return (
    <Button icon={<DownloadOutlined />} {...rest} loading={busy} onClick={run}>
      {children}
    </Button>
  );
}
