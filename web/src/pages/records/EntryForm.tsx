/**
 * 入职: type an ID or 从业资格证 number, the person of this enterprise is looked up
 * (`getCmpsnByCertificate`) and the form is pre-filled from their record and last labour contract.
 * Not found is quiet (the call answers it with a 500 the request client keeps silent): the form is simply not pre-filled,
 * and the page says to add the person in 人员档案 first. The fields and their rules are the
 * staffEntry definition's, through the generic form widgets.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { elementOf, resourceByKey, type CertificateMatch } from '@dg/core';
import { request } from '../../api/request';
import { useCan, useFormatContext, useSave } from '../../components/resource';
import { invalidateKeys } from '../../app/live';
import { addRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { defaultValues, formFields, toPayload } from '../../components/resource/payload';
import { formWidget } from '../../components/resource/widgets';
import { valuesAfterUploads } from '../../components/Upload';

export const lookupCertificate = (certificate: string) =>
  request<CertificateMatch>({ url: '/xxda/laborContract/getCmpsnByCertificate', method: 'get', params: { certificate } });

const entryDef = resourceByKey('staffEntry')!;

export function EntryModal({ open, certificate, onClose }: { open: boolean; certificate?: string; onClose: () => void }) {
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const ctx = useFormatContext();
  const [query, setQuery] = useState(certificate ?? '');
  const [found, setFound] = useState<CertificateMatch | null>(null);
  const [missing, setMissing] = useState(false);
  const [searching, setSearching] = useState(false);
  const fields = useMemo(() => formFields(entryDef, 'add', new Set(['staffId'])), []);
  const { save, saving } = useSave((body: Record<string, unknown>) => addRow(entryDef, body), {
    success: '入职办理成功',
    refresh: () => invalidateKeys(queryClient, ['staffEntry', 'staff']),
    then: () => onClose(),
  });

  const search = async (value: string) => {
    const c = value.trim();
    setFound(null);
    setMissing(false);
    if (!c) return;
    setSearching(true);
    try {
      const m = await lookupCertificate(c);
      setFound(m);
      const today = dayjs().format('YYYY-MM-DD');
      form.setFieldsValue(defaultValues(fields, {
        entryDate: today, post: m.post,
        contractNo: m.lastContract?.contractNo, contractStart: m.lastContract?.contractStart ?? today, contractEnd: m.lastContract?.contractEnd ?? undefined,
      }));
    } catch {
      setMissing(true);
    } finally {
      setSearching(false);
    }
  };

  useEffect(() => {
    if (open && certificate) void search(certificate);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, certificate]);

  const submit = async () => {
    if (!found) return;
    let values: Record<string, unknown>;
    try { values = await valuesAfterUploads(form); } catch { return; }
    await save({ ...toPayload(fields, values), staffId: found.staffId });
  };

  return (
    <Modal open={open} title="办理入职" width={720} onCancel={onClose} destroyOnHidden mask={{ closable: false }}
      footer={<Space><Button onClick={onClose}>取消</Button><Button type="primary" disabled={!found} loading={saving} onClick={submit}>确定</Button></Space>}>
      <Input.Search
        data-testid="entry-certificate"
        placeholder="请输入身份证号或从业资格证号"
        enterButton="查询"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={search}
        loading={searching}
        allowClear
        style={{ marginBottom: 16 }}
      />
      {missing && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="未找到该证件号对应的人员" description="请先在人员档案中新增该人员，再办理入职。" />}
      {found && (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} items={[
            { key: 'name', label: '姓名', children: found.name },
            { key: 'sex', label: '性别', children: ctx.dictName('sex', found.sex) },
            { key: 'idCard', label: '身份证号', children: found.idCard },
            { key: 'mobile', label: '手机', children: found.mobile },
            { key: 'post', label: '岗位', children: found.post },
            { key: 'qualificationNo', label: '从业资格证号', children: found.qualificationNo ?? '-' },
            { key: 'contract', label: '上一份劳动合同', span: 'filled', children: found.lastContract
              ? `${found.lastContract.contractNo}（${found.lastContract.contractStart} 至 ${found.lastContract.contractEnd ?? '无固定期限'}）` : '无' },
          ]} />
          <Form form={form} name="staffEntry_lookup_form" labelCol={{ flex: '110px' }} wrapperCol={{ flex: '1 1 0' }} labelWrap disabled={saving}>
            {fields.map(({ name, fd }) => (
              <Form.Item key={name} name={name} label={fd.label} rules={buildRules(fd)} extra={fd.help} validateFirst>
                {formWidget(fd)}
              </Form.Item>
            ))}
          </Form>
        </>
      )}
    </Modal>
  );
}

/** the toolbar button: shown to holders of 入职's 新增 */
export function EntryButton({ certificate, type = 'default', label = '办理入职' }: { certificate?: string; type?: 'default' | 'link'; label?: string }) {
  const allowed = useCan(elementOf(entryDef.menu, 'btn_add'));
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button type={type} size={type === 'link' ? 'small' : 'middle'} onClick={() => setOpen(true)} data-testid="entry-open">{label}</Button>
      {open && <EntryModal open certificate={certificate} onClose={() => setOpen(false)} />}
    </>
  );
}
