/**
 * Attachments of a record (type 'file'): each chosen file is sent at once to
 * `POST /zxxx/file/add` (multipart) and the field keeps `[{ id, name }]`; stored files link to
 * `/api/zxxx/file/getAttachment/{id}` (fetched with the token on click). Removing a file only unlinks it from the record: the
 * record may still be cancelled, so the stored file is not deleted here.
 */
import { useRef, useState } from 'react';
import { Button, Upload as AntUpload, type FormInstance, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { upload } from '../api/request';
import { attachmentUrl, toFileRefs } from './resource/format';
import { openAttachment } from './resource/attachments';
import type { FileRef } from './resource/types';

export interface UploadFieldProps {
  value?: FileRef[] | null;
  onChange?: (files: FileRef[]) => void;
  /** several files; otherwise a new file replaces the old one */
  multiple?: boolean;
  maxCount?: number;
  /** e.g. '.pdf,.jpg,.png' or 'image/*' */
  accept?: string;
  disabled?: boolean;
  id?: string;
}

export const FILE_UPLOAD_URL = '/zxxx/file/add';

/** uploads on their way: a form saved now would lose their files */
const inflight = new Set<Promise<unknown>>();

/**
 * Resolves once no upload is on its way (each ends stored or failed). A form's 确定 awaits it before it reads its
 * values: 确定 clicked while a voucher is still uploading saves the record with the voucher, not without it.
 */
export async function uploadsSettled(): Promise<void> {
  while (inflight.size) await Promise.allSettled([...inflight]);
}

/** a form's values for its 确定: validated once every upload on its way has ended (rejects as validateFields does) */
export async function valuesAfterUploads<T>(form: FormInstance<T>): Promise<T> {
  await uploadsSettled();
  return form.validateFields();
}

/** a form's values as they are (no validation) once every upload on its way has ended */
export async function fieldsAfterUploads<T>(form: FormInstance<T>): Promise<T> {
  await uploadsSettled();
  return form.getFieldsValue();
}

const toUploadFile = (f: FileRef): UploadFile => ({ uid: f.id, name: f.name, status: 'done', url: attachmentUrl(f.id) });

export default function Upload({ value, onChange, multiple, maxCount, accept, disabled, id }: UploadFieldProps) {
  const stored = toFileRefs(value);
  // Uploads finishing together must each see the other's result, not the value of the last render.
  const latest = useRef(stored);
  latest.current = stored;
  const [pending, setPending] = useState<UploadFile[]>([]);

  const commit = (files: FileRef[]) => {
    latest.current = files;
    onChange?.(files);
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const raw = file as File;
    const sent = upload(FILE_UPLOAD_URL, raw)
      .then((answer) => {
        const ref = toFileRefs(answer)[0];
        if (!ref) throw new Error('上传失败');
        onSuccess?.({ ...ref, name: ref.name === ref.id ? raw.name : ref.name });
      })
      .catch((e: Error) => onError?.(e))
      .finally(() => inflight.delete(sent));
    inflight.add(sent);
  };

  const handleChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'done') {
      setPending((list) => list.filter((f) => f.uid !== file.uid));
      const ref = file.response as FileRef;
      commit(multiple ? [...latest.current.filter((f) => f.id !== ref.id), ref] : [ref]);
    } else if (file.status === 'removed') {
      setPending((list) => list.filter((f) => f.uid !== file.uid));
    } else {
      setPending((list) => [...list.filter((f) => f.uid !== file.uid), file]);
    }
  };

  const onRemove = (file: UploadFile) => {
    if (stored.some((f) => f.id === file.uid)) commit(latest.current.filter((f) => f.id !== file.uid));
    return true;
  };

  const full = !multiple ? false : maxCount !== undefined && stored.length >= maxCount;

  return (
    <AntUpload
      id={id}
      fileList={[...stored.map(toUploadFile), ...pending]}
      customRequest={customRequest}
      onChange={handleChange}
      onRemove={onRemove}
      onPreview={(file) => {
        const kept = stored.find((f) => f.id === file.uid);
        if (kept) void openAttachment(kept);
      }}
      multiple={multiple}
      accept={accept}
      disabled={disabled}
    >
      {!disabled && (
        <Button icon={<UploadOutlined />} disabled={full}>
          {stored.length && !multiple ? '重新上传' : '上传文件'}
        </Button>
      )}
    </AntUpload>
  );
}
