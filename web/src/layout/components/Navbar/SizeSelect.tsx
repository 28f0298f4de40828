/** components/SizeSelect: 默认/大/小/超小, kept in cookie `size`; the current view is refreshed. */
import { Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { SIZE_OPTIONS, useAppStore, type SizeKey } from '../../../store/app.ts';
import { useTagsViewStore } from '../../../store/tagsView.ts';
import { message } from '../../../app/antdStatic.tsx';

export default function SizeSelect() {
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  const navigate = useNavigate();
  const location = useLocation();

  const choose = (key: SizeKey) => {
    setSize(key);
    useTagsViewStore.setState({ cachedViews: [] });
    navigate('/redirect' + location.pathname + location.search, { replace: true });
    message().success('切换尺寸成功');
  };

  return (
    <Dropdown
      rootClassName="header-menu"
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZE_OPTIONS.map((o) => ({ key: o.key, label: <span data-testid={`size-${o.key}`}>{o.label}</span>, disabled: o.key === size })),
        onClick: ({ key }) => choose(key as SizeKey),
      }}
    >
      <button type="button" className="right-menu-item size-select-item" data-testid="size-select" aria-label="布局大小" title="布局大小">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
