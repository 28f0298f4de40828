/**
 * 危险货物品名: the catalogue's generic list with one keyword box on top (UN编号,
 * 中文名称 or 拼音首字母, sent as `filters.q`) and, for whoever may import, the official GB 12268 /
 * JT/T 617.3 table as CSV or xlsx with a row-by-row report.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Input, Typography } from 'antd';
import { dangerousGoods } from '@dg/core/resources/knowledge';
import ImportButton from '../../components/ImportButton';
import { ResourcePage, useCan } from '../../components/resource';
import { invalidateKeys } from '../../app/live';
import { useSideCanWrite } from '../../components/resource/permission';
import { IMPORT_OFFICIAL_URL } from './api';
import { knowledgeInfoPath } from './topics';

const FIELD_LABEL: Record<string, string> = { 类别: '类别或项别' };

export default function DangerousGoodsPage() {
  const [q, setQ] = useState('');
  const holdsImport = useCan('dangerousGoodsManager:btn_import');
  const sideMayWrite = useSideCanWrite(dangerousGoods);
  const canImport = holdsImport && sideMayWrite;
  const queryClient = useQueryClient();
  return (
    <div data-testid="dangerous-goods-page">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton="检索"
          placeholder="输入UN编号、中文名称或拼音首字母，如 1203、汽油、cyqy"
          style={{ maxWidth: 520 }}
          maxLength={50}
          onSearch={(v) => setQ(v.trim())}
          data-testid="goods-keyword"
        />
        <Typography.Text type="secondary" style={{ marginInlineStart: 16 }}>
          品名依据 GB 12268《危险货物品名表》和 JT/T 617.3
        </Typography.Text>
      </Card>
      <ResourcePage
        resourceKey="dangerousGoods"
        fixedFilters={q ? { q } : undefined}
        extraActions={(row) => (typeof row.emergencyId === 'string'
          ? <Link to={knowledgeInfoPath('knEmergency', row.emergencyId)} data-testid="goods-emergency">应急处置</Link> : null)}
        toolbarExtra={canImport ? (
          <ImportButton
            importUrl={IMPORT_OFFICIAL_URL}
            progressUrl={(job) => `/zsk/dangerousGoods/import/progress/${encodeURIComponent(job)}`}
            title="导入官方品名表（GB 12268，CSV或xlsx）"
            fieldLabel={(f) => FIELD_LABEL[f] ?? f}
            onImported={() => void invalidateKeys(queryClient, ['dangerousGoods'])}
          >
            导入官方品名表
          </ImportButton>
        ) : null}
      />
    </div>
  );
}
