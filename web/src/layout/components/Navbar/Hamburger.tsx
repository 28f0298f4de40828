/** components/Hamburger: toggles the sidebar. */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';

export default function Hamburger({ isActive, onToggle }: { isActive: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="hamburger-container"
      data-testid="hamburger"
      aria-label={isActive ? '收起侧边栏' : '展开侧边栏'}
      aria-expanded={isActive}
      onClick={onToggle}
    >
      {isActive ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}
