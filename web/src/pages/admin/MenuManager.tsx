/**
 * 菜单管理: left, the menu tree with a filter; right, the menu form — disabled
 * until 添加 or 编辑 — and the buttons/resources (elements) of the selected menu with their own dialog.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tag, Tree, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import { DELETE_CONFIRM } from '../../components/resource/columns';
import { required } from '../../utils/validate';
import {
  addElement, addMenu, deleteElement, deleteMenu, elementList, menuTree, updateElement, updateMenu,
  type ElementForm, type ElementRow, type MenuForm, type MenuNode,
} from './api';

const CODE_RULE = { pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: '请输入以字母开头、64位以内的英文字符、数字或下划线' };
const ELEMENT_CODE_RULE = { pattern: /^[A-Za-z][A-Za-z0-9_:.-]{0,127}$/, message: '请输入以字母开头的英文字符、数字、冒号或下划线' };

function flatten(nodes: MenuNode[], out = new Map<string, MenuNode>()) {
  for (const n of nodes) { out.set(n.id, n); flatten(n.children, out); }
  return out;
}

/** tree nodes whose title holds the filter, with the nodes above them */
function filterTree(nodes: MenuNode[], q: string): TreeDataNode[] {
  const out: TreeDataNode[] = [];
  for (const n of nodes) {
    const children = filterTree(n.children, q);
    if (!q || n.title.includes(q) || children.length) {
      out.push({ key: n.id, title: n.hidden ? <span>{n.title} <Tag>隐藏</Tag></span> : n.title, children });
    }
  }
  return out;
}

type FormMode = { kind: 'view' } | { kind: 'add'; parentId: string | null } | { kind: 'edit' };

function ElementDialog({ menu, element, onClose }: { menu: MenuNode; element: ElementRow | null; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<ElementForm>();
  const { save, saving } = useSave((v: ElementForm) => (element ? updateElement(element.id, { ...v, menuId: menu.id }) : addElement({ ...v, menuId: menu.id })),
    { success: element ? '更新成功' : '创建成功', then: () => onClose(true) });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await save(v);
  };
  return (
    <Modal open title={element ? '编辑元素' : '新增元素'} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving}
      okText="确 定" cancelText="取 消" destroyOnHidden mask={{ closable: false }}>
      <Form form={form} labelCol={{ flex: '110px' }} name="element_form"
        initialValues={element ?? { code: `${menu.code}:`, type: 'button', method: 'GET' }}>
        <Form.Item label="资源编码" name="code" rules={[required('资源编码'), ELEMENT_CODE_RULE]}><Input /></Form.Item>
        <Form.Item label="资源类型" name="type" rules={[required('资源类型', '请选择')]}>
          <Select options={[{ value: 'button', label: 'button' }, { value: 'uri', label: 'uri' }]} />
        </Form.Item>
        <Form.Item label="资源名称" name="name" rules={[required('资源名称'), { max: 64, message: '资源名称不能超过64个字符' }]}><Input /></Form.Item>
        <Form.Item label="资源地址" name="uri" rules={[{ max: 255, message: '资源地址不能超过255个字符' }]}><Input /></Form.Item>
        <Form.Item label="资源请求类型" name="method">
          <Select allowClear options={['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[{ max: 255, message: '描述不能超过255个字符' }]}><Input.TextArea autoSize={{ minRows: 2 }} /></Form.Item>
      </Form>
    </Modal>
  );
}

export default function MenuManager() {
  const queryClient = useQueryClient();
  const can = {
    add: useCan('menuManager:btn_add'), edit: useCan('menuManager:btn_edit'), del: useCan('menuManager:btn_del'),
    elAdd: useCan('menuManager:btn_element_add'), elEdit: useCan('menuManager:btn_element_edit'), elDel: useCan('menuManager:btn_element_del'),
  };
  const tree = useQuery({ queryKey: ['admin', 'menuTree'], queryFn: () => menuTree() });
  const byId = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? byId.get(selectedId) ?? null : null;
  const [mode, setMode] = useState<FormMode>({ kind: 'view' });
  const [form] = Form.useForm<MenuForm>();

  const [elementName, setElementName] = useState('');
  const elements = useQuery({
    queryKey: ['admin', 'elements', selectedId, elementName],
    queryFn: () => elementList(selectedId!, elementName),
    enabled: Boolean(selectedId),
  });
  const [elementDialog, setElementDialog] = useState<{ element: ElementRow | null } | null>(null);

  const treeData = useMemo(() => filterTree(tree.data ?? [], filter.trim()), [tree.data, filter]);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'menuTree'] });

  const show = (m: MenuNode | null) => {
    form.setFieldsValue(m ? { ...m, parentId: m.parentId === '-1' ? null : m.parentId } : { code: '', title: '', parentId: null, icon: '', href: '', type: 'menu', orderNum: 0, description: '', hidden: false, attr1: '' });
  };
  const select = (id: string | null) => {
    setSelectedId(id);
    setMode({ kind: 'view' });
    show(id ? byId.get(id) ?? null : null);
  };

  const startAdd = () => {
    const parentId = selected?.id ?? null;
    form.setFieldsValue({ code: '', title: '', parentId, icon: '', href: '', type: 'menu', orderNum: 0, description: '', hidden: false, attr1: '' });
    setMode({ kind: 'add', parentId });
  };
  const startEdit = () => { if (selected) { show(selected); setMode({ kind: 'edit' }); } };
  const cancel = () => { setMode({ kind: 'view' }); show(selected); };

  const { save: write, saving } = useSave((v: MenuForm) => {
    const body: MenuForm = { ...v, parentId: mode.kind === 'add' ? mode.parentId : selected?.parentId === '-1' ? null : selected?.parentId ?? null };
    return mode.kind === 'add' ? addMenu(body) : updateMenu(selected!.id, body);
  }, {
    success: mode.kind === 'add' ? '创建成功' : '更新成功',
    refresh: () => reload(),
    then: (saved) => { setSelectedId(saved.id); setMode({ kind: 'view' }); },
  });
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await write(v);
  };


  const { save: removeMenu } = useSave(deleteMenu, { success: '删除成功', refresh: () => { select(null); return reload(); } });
  const remove = async () => {
    if (selected) await removeMenu(selected.id);
  };
  const { save: removeElement } = useSave((e: ElementRow) => deleteElement(e.id), { success: '删除成功', refresh: () => elements.refetch() });

  const editing = mode.kind !== 'view';
  const parentTitle = (() => {
    const pid = mode.kind === 'add' ? mode.parentId : selected?.parentId;
    return pid && pid !== '-1' ? byId.get(pid)?.title ?? pid : '根节点';
  })();

  return (
    <div>
      <Space style={{ marginBottom: 16 }}>
        {can.add && <Button type="primary" icon={<PlusOutlined />} onClick={startAdd} disabled={editing}>添加</Button>}
        {can.edit && <Button icon={<EditOutlined />} onClick={startEdit} disabled={!selected || editing}>编辑</Button>}
        {can.del && (
          <Popconfirm title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={remove} disabled={!selected || editing}>
            <Button danger icon={<DeleteOutlined />} disabled={!selected || editing}>删除</Button>
          </Popconfirm>
        )}
      </Space>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card size="small">
            <Input.Search placeholder="输入关键字进行过滤" allowClear value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
            {tree.data && (
              <Tree
                treeData={treeData} defaultExpandAll blockNode height={640}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => { if (!editing) select(keys.length ? String(keys[0]) : null); }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card size="small" title={mode.kind === 'add' ? '添加菜单' : mode.kind === 'edit' ? '编辑菜单' : '菜单信息'} style={{ marginBottom: 16 }}>
            <Form form={form} name="menu_form" disabled={!editing || saving} labelCol={{ flex: '90px' }} wrapperCol={{ flex: '1 1 0' }}>
              <Row gutter={16}>
                <Col span={12}><Form.Item label="路径编码" name="code" rules={[required('路径编码'), CODE_RULE]}><Input /></Form.Item></Col>
                <Col span={12}><Form.Item label="标题" name="title" rules={[required('标题'), { max: 64, message: '标题不能超过64个字符' }]}><Input /></Form.Item></Col>
                <Col span={12}><Form.Item label="父级节点"><Input value={parentTitle} readOnly disabled /></Form.Item></Col>
                <Col span={12}><Form.Item label="图标" name="icon" rules={[{ max: 64, message: '图标不能超过64个字符' }]}><Input placeholder="如 UserOutlined" /></Form.Item></Col>
                <Col span={12}><Form.Item label="资源路径" name="href" rules={[{ max: 255, message: '资源路径不能超过255个字符' }]}><Input /></Form.Item></Col>
                <Col span={12}><Form.Item label="类型" name="type"><Select options={[{ value: 'menu', label: 'menu' }, { value: 'dirt', label: 'dirt' }]} /></Form.Item></Col>
                <Col span={12}><Form.Item label="排序" name="orderNum"><InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
                <Col span={12}><Form.Item label="隐藏" name="hidden" valuePropName="checked"><Switch checkedChildren="是" unCheckedChildren="否" /></Form.Item></Col>
                <Col span={24}><Form.Item label="前端组件" name="attr1" rules={[{ max: 255, message: '前端组件不能超过255个字符' }]}><Input /></Form.Item></Col>
                <Col span={24}><Form.Item label="描述" name="description" rules={[{ max: 255, message: '描述不能超过255个字符' }]}><Input.TextArea autoSize={{ minRows: 2 }} /></Form.Item></Col>
              </Row>
              <Form.Item name="parentId" hidden><Input /></Form.Item>
            </Form>
            {editing && (
              <Space>
                <Button type="primary" loading={saving} onClick={save}>{mode.kind === 'add' ? '保存' : '更新'}</Button>
                <Button onClick={cancel}>取消</Button>
              </Space>
            )}
          </Card>
          <Card size="small" title="按钮或资源" extra={selected && can.elAdd && <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setElementDialog({ element: null })}>添加</Button>}>
            {!selected ? <Empty description="请在左侧选择菜单" /> : (
              <>
                <Input.Search placeholder="资源名称" allowClear onSearch={(v) => setElementName(v.trim())} style={{ width: 240, marginBottom: 8 }} />
                <Table<ElementRow>
                  rowKey="id" size="small" loading={elements.isFetching} dataSource={elements.data?.rows ?? []} pagination={false} scroll={{ x: 'max-content' }}
                  columns={[
                    { title: '资源编码', dataIndex: 'code' },
                    { title: '资源类型', dataIndex: 'type', width: 90 },
                    { title: '资源名称', dataIndex: 'name' },
                    { title: '资源地址', dataIndex: 'uri', ellipsis: true },
                    { title: '资源请求类型', dataIndex: 'method', width: 110 },
                    { title: '描述', dataIndex: 'description', ellipsis: true },
                    {
                      title: '操作', key: 'op', fixed: 'right', width: 130,
                      render: (_: unknown, e: ElementRow) => (
                        <Space size={0}>
                          {can.elEdit && <Button type="link" size="small" onClick={() => setElementDialog({ element: e })}>编辑</Button>}
                          {can.elDel && (
                            <Popconfirm title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={() => removeElement(e)}>
                              <Button type="link" size="small" danger>删除</Button>
                            </Popconfirm>
                          )}
                        </Space>
                      ),
                    },
                  ]}
                />
              </>
            )}
          </Card>
        </Col>
      </Row>
      {elementDialog && selected && (
        <ElementDialog menu={selected} element={elementDialog.element}
          onClose={(saved) => { setElementDialog(null); if (saved) void elements.refetch(); }} />
      )}
    </div>
  );
}
