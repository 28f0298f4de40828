/** /transportInfo-qyd until its page (MODULES.md §0, the public waybill check) is registered in pages/registry.tsx. */
import { Result } from 'antd';

export default function TransportInfoPlaceholder() {
  return (
    <div className="page-center" data-testid="transport-info-placeholder">
      <Result status="info" title="运单查询" subTitle="该功能正在建设中" />
    </div>
  );
}
