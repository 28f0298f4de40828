/**
 * 文章管理 / 政策法规: the list; 新增 and 编辑 open the editor page (
 * /articleManager/addarticleManager, /policyManager/addpolicyManager, ?id= to edit); 发布 (btn_publish) publishes a draft.
 */
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../components/resource/permission';
import { ResourcePage, useSave } from '../../components/resource';
import { publish } from './api';
import { KIND, type ContentKind } from './content';

export default function ContentManager({ kind }: { kind: ContentKind }) {
  const navigate = useNavigate();
  const k = KIND[kind];
  const { save: publishRow } = useSave(({ id }: { id: string; refresh: () => Promise<void> }) => publish(kind, id), {
    success: '发布成功', refresh: (_r, { refresh }) => refresh(),
  });
  const canPublish = useCan(`${k.menu}:btn_publish`);
  return (
    <ResourcePage
      key={kind}
      resourceKey={kind}
      onAdd={() => navigate(k.addPath)}
      onEdit={(row) => navigate(`${k.addPath}?id=${encodeURIComponent(row.id)}`)}
      extraActions={canPublish ? (row, refresh) => row.status !== '已发布' && (
        <Popconfirm title="发布" description={`发布后所有用户可在首页和知识库看到该${k.title}，确定发布？`} okText="确定" cancelText="取消"
          onConfirm={() => publishRow({ id: row.id, refresh })}>
          <Button type="link" size="small">发布</Button>
        </Popconfirm>
      ) : undefined}
    />
  );
}
