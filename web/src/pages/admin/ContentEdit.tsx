/**
 * The editor page of an article or a policy (/articleManager/addarticleManager and
 * /policyManager/addpolicyManager; `?id=` edits). 正文 is rich text sent as HTML; 保存 keeps a draft,
 * 保存并发布 publishes it at once (with btn_publish).
 */
import { useMemo } from 'react';
import { Button, Card, Form, Input, Result, Select, Space, Spin, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { resourceByKey } from '@dg/core';
import Upload, { valuesAfterUploads } from '../../components/Upload';
import { addRow, getRow, queryKeys, refreshAfterWrite, updateRow } from '../../components/resource/api';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import type { FileRef, Row } from '../../components/resource/types';
import { required } from '../../utils/validate';
import RichTextEditor from '../../components/RichTextEditor';
import { publish } from './api';
import { KIND, listPath, type ContentKind } from './content';

interface Values { title: string; category: string; content: string; cover?: FileRef[]; attachments?: FileRef[] }

export default function ContentEdit({ kind }: { kind: ContentKind }) {
  const def = resourceByKey(kind)!;
  const k = KIND[kind];
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canAdd = useCan(`${k.menu}:btn_add`);
  const canEdit = useCan(`${k.menu}:btn_edit`);
  const canPublish = useCan(`${k.menu}:btn_publish`);
  const [form] = Form.useForm<Values>();

  const current = useQuery({ queryKey: queryKeys.info(kind, id ?? ''), queryFn: () => getRow(def, id!), enabled: Boolean(id), staleTime: 0, refetchOnWindowFocus: false });
  const row = current.data;
  const categories = useMemo(() => def.fields.category?.options ?? [], [def]);
  const initial = useMemo<Partial<Values>>(() => (row
    ? { title: String(row.title ?? ''), category: String(row.category ?? ''), content: String(row.content ?? ''), cover: (row.cover as FileRef[] | null) ?? [], attachments: (row.attachments as FileRef[] | null) ?? [] }
    : { content: '' }), [row]);

  const { save: write, saving } = useSave(async ({ v, andPublish }: { v: Values; andPublish: boolean }) => {
    const body = { title: v.title.trim(), category: v.category, content: v.content, cover: v.cover?.length ? v.cover : null, attachments: v.attachments ?? [] };
    const saved: Row = row ? await updateRow(def, { ...body, id: row.id, version: row.version }) : await addRow(def, body);
    if (andPublish && saved.status !== '已发布') await publish(kind, saved.id);
    return saved;
  }, {
    success: (_saved, a) => (a.andPublish ? '保存并发布成功' : '保存成功'),
    refresh: () => refreshAfterWrite(queryClient, kind),
    then: () => navigate(listPath(kind)), // a refusal keeps the page to fix the input
  });

  if (id ? !canEdit : !canAdd) return <Result status="403" title="当前用户无相关操作权限！" />;
  if (id && !row) return current.isError ? <Result status="warning" title="数据加载失败" /> : <Spin />;

  const save = async (andPublish: boolean) => {
    const v = await valuesAfterUploads(form).catch(() => null);
    if (v) await write({ v, andPublish });
  };

  const isEmpty = (html: string | undefined) => !html || !html.replace(/<[^>]*>/g, '').trim();

  return (
    <Card title={<>{id ? '编辑' : '新增'}{k.title}{row?.status && <Tag style={{ marginLeft: 8 }} color={row.status === '已发布' ? 'success' : 'default'}>{String(row.status)}</Tag>}</>}
      extra={<Button onClick={() => navigate(listPath(kind))}>返回列表</Button>}>
      <Form key={`${id ?? 'new'}-${row?.version ?? ''}`} form={form} name={`${kind}_edit`} initialValues={initial} labelCol={{ flex: '80px' }} wrapperCol={{ flex: '1 1 0' }}
        disabled={saving} scrollToFirstError style={{ maxWidth: 1000 }}>
        <Form.Item label="标题" name="title" rules={[required('标题'), { max: 100, message: '标题不能超过100个字符' }]}><Input count={{ show: true, max: 100 }} /></Form.Item>
        <Form.Item label="分类" name="category" rules={[required('分类', '请选择')]}><Select options={categories} placeholder="请选择分类" style={{ maxWidth: 320 }} /></Form.Item>
        <Form.Item label="正文" name="content" rules={[{ validator: (_r, v: string) => (isEmpty(v) ? Promise.reject(new Error('请输入正文')) : Promise.resolve()) }]}>
          <RichTextEditor />
        </Form.Item>
        <Form.Item label="封面" name="cover"><Upload accept=".jpg,.jpeg,.png,.gif" /></Form.Item>
        <Form.Item label="附件" name="attachments"><Upload multiple /></Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" loading={saving} onClick={() => save(false)}>保存</Button>
            {canPublish && row?.status !== '已发布' && <Button loading={saving} onClick={() => save(true)}>保存并发布</Button>}
            <Button onClick={() => navigate(listPath(kind))}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
