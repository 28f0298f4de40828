/**
 * Opening an attachment. A plain link would carry no Authorization header, so a click fetches
 * the file through the request client (token, /api or /api/super prefix) and saves it.
 */
import { download } from '../../api/request';
import type { FileRef } from './types';

export const attachmentPath = (id: string) => `/zxxx/file/getAttachment/${encodeURIComponent(id)}`;

export function openAttachment(file: FileRef): Promise<unknown> {
  return download(attachmentPath(file.id), undefined, file.name).catch(() => {
    // the request client has told the user
  });
}
