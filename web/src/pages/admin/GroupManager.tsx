/**
 * 角色权限管理 (AG-Admin's role model): one tab per role type, the role tree, 添加 / 编辑 / 删除,
 * 权限分配 (a checkbox tree of menus — ticking a menu grants its ancestors on the server — and the buttons of the
 * clicked menu, each ticked or unticked at once) and 关联用户 (领导 and 组员, searched remotely).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Descriptions, Empty, Form, Input, Modal, Popconfirm, Row, Select, Space, Spin, Table, Tabs, Tag, Tree, type TreeDataNode } from 'antd';
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import { DELETE_CONFIRM } from '../../components/resource/columns';
import { required } from '../../utils/validate';
import {
  addGroup, changeGroupElement, deleteGroup, grantableElements, grantableMenus, groupElements, groupMenus, groupTree, groupTypes, groupUsers,
  setGroupMenus, setGroupUsers, updateGroup, userOptions, type ElementRow, type GroupNode, type GroupType, type MenuNode,
} from './api';

function flattenGroups(nodes: GroupNode[], out = new Map<string, GroupNode>()) {
  for (const n of nodes) { out.set(n.id, n); flattenGroups(n.children, out); }
  return out;
}
const toTree = (nodes: GroupNode[]): TreeDataNode[] => nodes.map((n) => ({
  key: n.id,
  title: <span>{n.name} <span style={{ color: '#999' }}>{n.code}</span>{n.builtIn && <Tag style={{ marginLeft: 6 }}>内置</Tag>}</span>,
  children: toTree(n.children),
}));
const menuTreeData = (nodes: MenuNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.title, children: menuTreeData(n.children) }));

// ---------------------------------------------------------------------------
// 添加 / 编辑
// ---------------------------------------------------------------------------
function GroupDialog({ type, group, parent, onClose }: { type: GroupType; group: GroupNode | null; parent: GroupNode | null; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ name: string; code: string; description?: string; asChild?: boolean }>();
  const { save, saving } = useSave((v: { name: string; code: string; description?: string; asChild?: boolean }) => (group
    ? updateGroup(group.id, { code: v.code, name: v.name, description: v.description ?? null, groupType: type.id, parentId: group.parentId, version: group.version })
    : addGroup({ code: v.code, name: v.name, description: v.description ?? null, groupType: type.id, parentId: v.asChild && parent ? parent.id : null })),
  { success: group ? '更新成功' : '创建成功', then: () => onClose(true) });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await save(v);
  };
  return (
    <Modal open title={group ? '编辑' : '创建'} onCancel={() => onClose(false)} onOk={submit} confirmLoading={saving} okText="确 定" cancelText="取 消"
      destroyOnHidden mask={{ closable: false }}>
      <Form form={form} labelCol={{ flex: '80px' }} name="group_form"
        initialValues={group ? { name: group.name, code: group.code, description: group.description ?? '' } : { asChild: Boolean(parent?.editable) }}>
        <Form.Item label="名称" name="name" rules={[required('名称'), { max: 64, message: '名称不能超过64个字符' }]}><Input /></Form.Item>
        <Form.Item label="编码" name="code" rules={[required('编码'), { pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: '请输入以字母开头、64位以内的英文字符、数字或下划线' }]}>
          <Input disabled={group?.builtIn} />
        </Form.Item>
        <Form.Item label="描述" name="description" rules={[{ max: 255, message: '描述不能超过255个字符' }]}><Input.TextArea autoSize={{ minRows: 2 }} /></Form.Item>
        {!group && parent?.editable && (
          <Form.Item name="asChild" valuePropName="checked" wrapperCol={{ offset: 0 }}>
            <Checkbox>作为“{parent.name}”的下级</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------------------
// 权限分配
// ---------------------------------------------------------------------------
function AuthorityDialog({ group, onClose }: { group: GroupNode; onClose: () => void }) {
  const menus = useQuery({ queryKey: ['admin', 'grantableMenus'], queryFn: grantableMenus });
  const granted = useQuery({ queryKey: ['admin', 'groupMenus', group.id], queryFn: () => groupMenus(group.id), staleTime: 0 });
  const grantedElements = useQuery({ queryKey: ['admin', 'groupElements', group.id], queryFn: () => groupElements(group.id), staleTime: 0 });
  const [checked, setChecked] = useState<string[] | null>(null);
  const [menuId, setMenuId] = useState<string | null>(null);
  const elements = useQuery({ queryKey: ['admin', 'grantableElements', menuId], queryFn: () => grantableElements(menuId!), enabled: Boolean(menuId) });

  useEffect(() => { if (granted.data && checked === null) setChecked(granted.data); }, [granted.data, checked]);
  const byId = useMemo(() => {
    const m = new Map<string, MenuNode>();
    const walk = (ns: MenuNode[]) => ns.forEach((n) => { m.set(n.id, n); walk(n.children); });
    walk(menus.data ?? []);
    return m;
  }, [menus.data]);
  const savedMenus = new Set(granted.data ?? []);
  const dirty = checked !== null && (checked.length !== savedMenus.size || checked.some((id) => !savedMenus.has(id)));

  const { save: writeMenus, saving } = useSave((ids: string[]) => setGroupMenus(group.id, ids), {
    success: '菜单权限已保存（含上级菜单）',
    refresh: async (result) => {
      setChecked(result);
      await Promise.all([granted.refetch(), grantedElements.refetch()]);
    },
  });
  const saveMenus = async () => {
    if (checked) await writeMenus(checked);
  };

  const { save: toggleElement, saving: busy } = useSave(({ e, on }: { e: ElementRow; on: boolean }) => changeGroupElement(group.id, on ? 'add' : 'remove', e.menuId, e.id), {
    refresh: () => grantedElements.refetch(),
  });

  const menuSaved = menuId ? savedMenus.has(menuId) : false;
  const elementIds = new Set(grantedElements.data ?? []);

  return (
    <Modal open title={`权限分配：${group.name}`} width={980} onCancel={onClose} destroyOnHidden mask={{ closable: false }}
      footer={<Button onClick={onClose}>关闭</Button>}>
      <Row gutter={16}>
        <Col span={11}>
          <Card size="small" title="菜单" extra={<Button type="primary" size="small" loading={saving} disabled={!dirty} onClick={saveMenus}>保存菜单</Button>}>
            {menus.isLoading || checked === null ? <Spin /> : (
              <Tree
                checkable checkStrictly blockNode defaultExpandAll height={480}
                treeData={menuTreeData(menus.data ?? [])}
                checkedKeys={{ checked, halfChecked: [] }}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                selectedKeys={menuId ? [menuId] : []}
                onSelect={(keys) => setMenuId(keys.length ? String(keys[0]) : null)}
              />
            )}
          </Card>
        </Col>
        <Col span={13}>
          <Card size="small" title={menuId ? `按钮：${byId.get(menuId)?.title ?? ''}` : '按钮'}>
            {!menuId ? <Empty description="点击左侧菜单查看其按钮" /> : (
              <>
                {!menuSaved && <Alert type="info" showIcon title="请先勾选并保存该菜单，再分配其按钮" style={{ marginBottom: 8 }} />}
                <Table<ElementRow>
                  rowKey="id" size="small" pagination={false} loading={elements.isFetching} dataSource={elements.data?.rows ?? []}
                  rowSelection={{
                    selectedRowKeys: (elements.data?.rows ?? []).filter((e) => elementIds.has(e.id)).map((e) => e.id),
                    getCheckboxProps: () => ({ disabled: !menuSaved || busy }),
                    onSelect: (e, on) => void toggleElement({ e, on }),
                    hideSelectAll: true,
                  }}
                  columns={[{ title: '资源编码', dataIndex: 'code' }, { title: '资源名称', dataIndex: 'name' }, { title: '类型', dataIndex: 'type', width: 80 }]}
                />
              </>
            )}
          </Card>
        </Col>
      </Row>
    </Modal>
  );
}

// ---------------------------------------------------------------------------
// 关联用户
// ---------------------------------------------------------------------------
function UserPicker({ value, onChange, initial }: { value?: string[]; onChange?: (v: string[]) => void; initial: { value: string; label: string }[] }) {
  const [options, setOptions] = useState(initial);
  const [loading, setLoading] = useState(false);
  const search = async (q: string) => {
    setLoading(true);
    try {
      const found = await userOptions(q);
      const chosen = options.filter((o) => value?.includes(o.value));
      setOptions([...chosen, ...found.filter((f) => !chosen.some((c) => c.value === f.value))]);
    } catch {
      // the picker keeps its options
    } finally {
      setLoading(false);
    }
  };
  return (
    <Select mode="multiple" value={value} onChange={onChange} options={options} filterOption={false} showSearch={{ onSearch: (q) => void search(q), filterOption: false }}
      onFocus={() => { if (options.length <= (value?.length ?? 0)) void search(''); }}
      notFoundContent={loading ? <Spin size="small" /> : '无匹配用户'} placeholder="输入姓名或账户搜索" style={{ width: '100%' }} />
  );
}

function UsersDialog({ group, onClose }: { group: GroupNode; onClose: () => void }) {
  const current = useQuery({ queryKey: ['admin', 'groupUsers', group.id], queryFn: () => groupUsers(group.id), staleTime: 0 });
  const [form] = Form.useForm<{ leaders: string[]; members: string[] }>();
  const { save, saving } = useSave((v: { leaders?: string[]; members?: string[] }) => setGroupUsers(group.id, v.members ?? [], v.leaders ?? []),
    { success: '关联用户已保存', then: onClose });
  const submit = () => save(form.getFieldsValue());
  const opts = (list: { id: string; name: string; username: string }[]) => list.map((u) => ({ value: u.id, label: `${u.name}（${u.username}）` }));
  return (
    <Modal open title={`关联用户：${group.name}`} width={640} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="确 定" cancelText="取 消"
      destroyOnHidden mask={{ closable: false }}>
      {!current.data ? <Spin /> : (
        <Form form={form} layout="vertical" name="group_users"
          initialValues={{ leaders: current.data.leaders.map((u) => u.id), members: current.data.members.map((u) => u.id) }}>
          <Form.Item label="群主|领导" name="leaders"><UserPicker initial={opts(current.data.leaders)} /></Form.Item>
          <Form.Item label="组员|下属" name="members"><UserPicker initial={opts(current.data.members)} /></Form.Item>
        </Form>
      )}
    </Modal>
  );
}

// ---------------------------------------------------------------------------
// the page
// ---------------------------------------------------------------------------
function GroupTab({ type }: { type: GroupType }) {
  const queryClient = useQueryClient();
  const can = {
    add: useCan('groupManager:btn_add'), edit: useCan('groupManager:btn_edit'), del: useCan('groupManager:btn_del'),
    authority: useCan('groupManager:btn_resourceManager'), users: useCan('groupManager:btn_userManager'),
  };
  const [name, setName] = useState('');
  const tree = useQuery({ queryKey: ['admin', 'groupTree', type.id, name], queryFn: () => groupTree(type.id, name) });
  const byId = useMemo(() => flattenGroups(tree.data ?? []), [tree.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? byId.get(selectedId) ?? null : null;
  const [dialog, setDialog] = useState<'add' | 'edit' | 'authority' | 'users' | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'groupTree', type.id] });
  const { save: removeGroup } = useSave(deleteGroup, { success: '删除成功', refresh: () => { setSelectedId(null); return reload(); } });
  const remove = async () => {
    if (selected) await removeGroup(selected.id);
  };
  const editable = Boolean(selected?.editable);

  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Card size="small">
          <Input.Search placeholder="角色名称" allowClear onSearch={(v) => setName(v.trim())} style={{ marginBottom: 8 }} />
          {tree.isLoading ? <Spin /> : tree.data?.length ? (
            <Tree treeData={toTree(tree.data)} defaultExpandAll blockNode selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId(keys.length ? String(keys[0]) : null)} />
          ) : <Empty description="暂无角色" />}
        </Card>
      </Col>
      <Col xs={24} md={14}>
        <Card size="small" title={selected ? selected.name : '请选择角色'} extra={
          <Space wrap>
            {can.add && <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialog('add')}>添加</Button>}
            {can.edit && <Button size="small" icon={<EditOutlined />} disabled={!editable} onClick={() => setDialog('edit')}>编辑</Button>}
            {can.del && (
              <Popconfirm title="提示" description={DELETE_CONFIRM} okText="确定" cancelText="取消" onConfirm={remove} disabled={!editable || selected?.builtIn}>
                <Button size="small" danger icon={<DeleteOutlined />} disabled={!editable || selected?.builtIn}>删除</Button>
              </Popconfirm>
            )}
            {can.authority && <Button size="small" icon={<SafetyOutlined />} disabled={!editable} onClick={() => setDialog('authority')}>权限分配</Button>}
            {can.users && <Button size="small" icon={<TeamOutlined />} disabled={!selected} onClick={() => setDialog('users')}>关联用户</Button>}
          </Space>
        }>
          {selected ? (
            <Descriptions column={1} size="small" items={[
              { key: 'name', label: '名称', children: selected.name },
              { key: 'code', label: '编码', children: selected.code },
              { key: 'description', label: '描述', children: selected.description || '-' },
              { key: 'kind', label: '说明', children: selected.builtIn ? '内置角色' + (selected.editable ? '' : '，由平台维护') : selected.editable ? '本单位的角色' : '只读' },
            ]} />
          ) : <Empty image={<ApartmentOutlined style={{ fontSize: 48, color: '#ccc' }} />} description="在左侧选择一个角色" />}
        </Card>
      </Col>
      {(dialog === 'add' || dialog === 'edit') && (
        <GroupDialog type={type} group={dialog === 'edit' ? selected : null} parent={dialog === 'add' ? selected : null}
          onClose={(saved) => { setDialog(null); if (saved) void reload(); }} />
      )}
      {dialog === 'authority' && selected && <AuthorityDialog group={selected} onClose={() => setDialog(null)} />}
      {dialog === 'users' && selected && <UsersDialog group={selected} onClose={() => setDialog(null)} />}
    </Row>
  );
}

export default function GroupManager() {
  const types = useQuery({ queryKey: ['admin', 'groupTypes'], queryFn: groupTypes });
  if (!types.data) return <Spin />;
  const first = types.data.find((t) => t.code === 'role') ?? types.data[0];
  return (
    <Card>
      <Tabs defaultActiveKey={first?.id} destroyOnHidden items={types.data.map((t) => ({ key: t.id, label: t.name, children: <GroupTab type={t} /> }))} />
    </Card>
  );
}
