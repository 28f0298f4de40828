/**
 * 知识库's topics (法律法规 … 标志标识): above each topic's list, the full-text search over every topic the user reads
 * (or this one), its hits with the matching words marked; a hit or a row opens the document's own page
 * (`/zfdZskManager/<name>/{uuid}`), which shows 正文, 附件 and, for a class's sign, its placard.
 */
import { useState, type ComponentType } from 'react';
import { useNavigate, useParams, useLocation } from 'react-router';
import { Button, Card, Checkbox, Empty, Input, List, Pagination, Space, Tag, Typography, Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { resourceByKey } from '@dg/core';
import { ResourceDetail, ResourcePage } from '../../components/resource';
import { getRow, queryKeys } from '../../components/resource/api';
import { searchKnowledge, type KnowledgeHit } from './api';
import { KNOWLEDGE_INFO, knowledgeInfoPath } from './topics';
import KnowledgePlacard from './KnowledgePlacard';

/** the server escapes a hit's title and snippet and adds only <mark>: shown as HTML */
const Marked = ({ html, testId }: { html: string; testId?: string }) => <span data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;

function KnowledgeSearch({ topic }: { topic: string }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [onlyHere, setOnlyHere] = useState(false);
  const { data, isFetching } = useQuery({
    queryKey: ['knowledge', 'search', q, page, onlyHere ? topic : ''],
    queryFn: () => searchKnowledge(q, page, onlyHere ? topic : undefined),
    enabled: q !== '',
  });
  const open = (hit: KnowledgeHit) => navigate(knowledgeInfoPath(hit.topic, hit.id), { state: { q, snippet: hit.snippet } });
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="knowledge-search">
      <Space wrap>
        <Input.Search allowClear enterButton="全文检索" placeholder="输入关键字，检索标题、正文、标签和附件名称" style={{ width: 460 }} maxLength={50}
          onSearch={(v) => { setQ(v.trim()); setPage(1); }} data-testid="knowledge-keyword" />
        <Checkbox checked={onlyHere} onChange={(e) => { setOnlyHere(e.target.checked); setPage(1); }}>仅本专题</Checkbox>
      </Space>
      {q && (
        <List<KnowledgeHit>
          style={{ marginTop: 12 }}
          loading={isFetching}
          dataSource={data?.content ?? []}
          locale={{ emptyText: <Empty description={`未找到包含“${q}”的文档`} /> }}
          header={data ? <Typography.Text type="secondary">共找到 {data.total}{data.totalCapped ? '+' : ''} 篇</Typography.Text> : null}
          renderItem={(hit) => (
            <List.Item key={hit.id} data-testid="knowledge-hit" style={{ cursor: 'pointer' }} onClick={() => open(hit)}>
              <List.Item.Meta
                title={<Space><Tag color="blue">{hit.topicTitle}</Tag><a><Marked html={hit.titleHtml} /></a></Space>}
                description={<>
                  <div><Marked html={hit.snippet} testId="knowledge-snippet" /></div>
                  <Typography.Text type="secondary">{[hit.category, hit.publishDate, hit.attachments.length ? `附件：${hit.attachments.join('、')}` : ''].filter(Boolean).join('　')}</Typography.Text>
                </>}
              />
            </List.Item>
          )}
        />
      )}
      {data && data.total > 10 && <Pagination size="small" current={page} total={data.total} pageSize={10} showSizeChanger={false} onChange={setPage} />}
    </Card>
  );
}

export function knowledgePage(topic: string): ComponentType {
  return function KnowledgePage() {
    const navigate = useNavigate();
    return (
      <div data-testid={`knowledge-${topic}`}>
        <KnowledgeSearch topic={topic} />
        <ResourcePage resourceKey={topic} onDetail={(row) => navigate(knowledgeInfoPath(topic, String(row.id)))} />
      </div>
    );
  };
}

export function knowledgeInfoPage(topic: string): ComponentType {
  return function KnowledgeInfo() {
    const { uuid = '' } = useParams();
    const navigate = useNavigate();
    const from = useLocation().state as { q?: string; snippet?: string } | null;
    const def = resourceByKey(topic)!;
    // the row ResourceDetail loads (the same query): a class's sign or emergency method shows the class's placard
    const { data: row } = useQuery({ queryKey: queryKeys.info(def.key, uuid), queryFn: () => getRow(def, uuid), enabled: Boolean(uuid) });
    const goodsClass = typeof row?.goodsClass === 'string' ? row.goodsClass : null;
    return (
      <Card title={KNOWLEDGE_INFO[topic]!.title} data-testid="knowledge-info" extra={<Button onClick={() => navigate(-1)}>返回</Button>}>
        {from?.snippet && (
          <Alert style={{ marginBottom: 16 }} type="info" showIcon data-testid="knowledge-info-snippet"
            message={<>检索“{from.q}”命中：<Marked html={from.snippet} /></>} />
        )}
        {goodsClass && <div style={{ marginBottom: 16 }}><KnowledgePlacard goodsClass={goodsClass} size={120} /></div>}
        <ResourceDetail resourceKey={def.key} id={uuid} column={1} />
      </Card>
    );
  };
}
