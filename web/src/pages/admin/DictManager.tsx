/**
 * 代码表: dictionary types on the left, their entries (a tree) on the right, with 新增 / 编辑 /
 * 删除 gated by dictManager:btn_add|btn_edit|btn_del. After a change the client's dictionary cache reloads.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, InputNumber, List, Modal, Popconfirm, Row, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import { DELETE_CONFIRM } from '../../components/resource/columns';
import { DICTS_QUERY_KEY } from '../../components/resource/useDicts';
import { required } from '../../utils/validate';
import { addDict, deleteDict, dictTree, updateDict, type DictNode } from './api';

type Editing = { kind: 'type'; node: DictNode | null } | { kind: 'entry'; node: DictNode | null; parent: DictNode };

function DictDialog({ editing, onClose }: { editing: Editing; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ name: string; value: string; orderNum?: number; enabled?: boolean }>();
  const isType = editing.kind === 'type';
  const node = editing.node;
  const { save, saving } = useSave(
    (v: { name: string; value: string; orderNum?: number; enabled?: boolean }) => (node
      ? updateDict({ ...v, id: node.id, version: node.version ?? 1, pid: node.pid })
      : addDict({ ...v, pid: editing.kind === 'entry' ? editing.parent.id : null })),
    { success: node ? '更新成功' : '创建成功', then: () => onClose(true) },
  );
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await save(v);
  };
  const title = `${node ? '编辑' : '新增'}${isType ? '代码类型' : '代码'}${editing.kind === 'entry' && editing.parent.pid ? `（上级：${editing.parent.name}）` : ''}`;
  return (
    <Modal open title={title} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} okText="确 定" cancelText="取 消" destroyOnHidden mask={{ closable: false }}>
      <Form form={form} labelCol={{ flex: '90px' }} name="dict_form"
        initialValues={node ? { name: node.name, value: node.value, orderNum: node.orderNum, enabled: node.enabled } : { orderNum: 0, enabled: true }}>
        <Form.Item label={isType ? '类型名称' : '名称'} name="name" rules={[required('名称'), { max: 100, message: '名称不能超过100个字符' }]}><Input /></Form.Item>
        <Form.Item label={isType ? '类型编码' : '值'} name="value" rules={[required(isType ? '类型编码' : '值'), { max: 100, message: '不能超过100个字符' },
          ...(isType ? [{ pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: '请输入以字母开头、64位以内的英文字符、数字或下划线' }] : [])]}>
          <Input disabled={isType && Boolean(node?.children.length)} />
        </Form.Item>
        <Form.Item label="排序" name="orderNum"><InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} /></Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked"><Switch checkedChildren="是" unCheckedChildren="否" /></Form.Item>
      </Form>
    </Modal>
  );
}

export default function DictManager() {
  const queryClient = useQueryClient();
  const can = { add: useCan('dictManager:btn_add'), edit: useCan('dictManager:btn_edit'), del: useCan('dictManager:btn_del') };
  const tree = useQuery({ queryKey: ['admin', 'dictTree'], queryFn: dictTree });
  const [filter, setFilter] = useState('');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const types = useMemo(() => (tree.data ?? []).filter((t) => !filter || t.name.includes(filter) || t.value.includes(filter)), [tree.data, filter]);
  const current = (tree.data ?? []).find((t) => t.id === typeId) ?? null;

  const changed = async () => {
    // the tree here, and the code table every page reads
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'dictTree'] }), queryClient.invalidateQueries({ queryKey: DICTS_QUERY_KEY })]);
  };
  const { save: remove } = useSave((node: DictNode) => deleteDict(node.id), {
    success: '删除成功', refresh: (_r, node) => { if (node.id === typeId) setTypeId(null); return changed(); },
  });
  // antd renders `children: []` as an expandable row: leave empty children out
  const rows = (nodes: DictNode[]): DictNode[] => nodes.map((n) => ({ ...n, children: n.children?.length ? rows(n.children) : (undefined as unknown as DictNode[]) }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Card size="small" title="代码类型" extra={can.add && <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'type', node: null })}>新增类型</Button>}>
          <Input.Search placeholder="类型名称或编码" allowClear onChange={(e) => setFilter(e.target.value.trim())} style={{ marginBottom: 8 }} />
          <List
            size="small" loading={tree.isLoading} dataSource={types} style={{ maxHeight: 640, overflow: 'auto' }}
            renderItem={(t) => (
              <List.Item onClick={() => setTypeId(t.id)} style={{ cursor: 'pointer', background: t.id === typeId ? 'rgba(22,119,255,0.08)' : undefined, paddingInline: 8 }}
                actions={[
                  can.edit && <Button key="e" type="link" size="small" icon={<EditOutlined />} onClick={(e) => { e.stopPropagation(); setEditing({ kind: 'type', node: t }); }} />,
                  can.del && (
                    <Popconfirm key="d" title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={() => remove(t)}>
                      <Button type="link" size="small" danger onClick={(e) => e.stopPropagation()}>删除</Button>
                    </Popconfirm>
                  ),
                ].filter(Boolean)}>
                <Space>{t.name}<Tag>{t.value}</Tag>{!t.enabled && <Tag color="default">停用</Tag>}</Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card size="small" title={current ? `${current.name}（${current.value}）` : '代码项'}
          extra={current && can.add && <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'entry', node: null, parent: current })}>新增</Button>}>
          {!current ? <Empty description="请在左侧选择代码类型" /> : (
            <Table<DictNode>
              rowKey="id" size="small" pagination={false} dataSource={rows(current.children)} expandable={{ defaultExpandAllRows: true }}
              columns={[
                { title: '名称', dataIndex: 'name' },
                { title: '值', dataIndex: 'value', width: 140 },
                { title: '排序', dataIndex: 'orderNum', width: 80 },
                { title: '启用', dataIndex: 'enabled', width: 80, render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
                {
                  title: '操作', key: 'op', width: 200,
                  render: (_: unknown, n: DictNode) => (
                    <Space size={0}>
                      {can.add && <Button type="link" size="small" onClick={() => setEditing({ kind: 'entry', node: null, parent: n })}>新增下级</Button>}
                      {can.edit && <Button type="link" size="small" onClick={() => setEditing({ kind: 'entry', node: n, parent: current })}>编辑</Button>}
                      {can.del && (
                        <Popconfirm title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={() => remove(n)}>
                          <Button type="link" size="small" danger>删除</Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </Col>
      {editing && <DictDialog editing={editing} onClose={(saved) => { setEditing(null); if (saved) void changed(); }} />}
    </Row>
  );
}
