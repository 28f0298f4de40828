/** A row's state as a tag coloured by its workflow's declaration, with 逾期 beside it when the server computed it. */
import { Space, Tag } from 'antd';
import { stateColor, stateOf, type ResourceDef } from '@dg/core';
import type { Row } from '../resource/types';

export function WorkflowState({ def, row }: { def: ResourceDef; row: Row }) {
  const wf = def.workflow;
  const state = wf ? stateOf(wf, row) : String(row.state ?? '');
  return (
    <Space size={4}>
      <Tag color={stateColor(wf, state)}>{wf?.states?.[state]?.label ?? state}</Tag>
      {row.overdue === true && <Tag color="error">逾期</Tag>}
    </Space>
  );
}
