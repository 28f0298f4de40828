/** The avatar dropdown: 个人中心, 首页, 退出登录. */
import { Avatar, Dropdown } from 'antd';
import { CaretDownOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useUserStore } from '../../../store/user.ts';
import { useThemeColor } from '../../../app/theme.ts';
import { clearSession } from '../../../app/session.ts';
import { useTagsViewStore } from '../../../store/tagsView.ts';

export default function UserMenu() {
  const navigate = useNavigate();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const info = useUserStore((s) => s.info);
  const logout = useUserStore((s) => s.logout);
  const color = useThemeColor();
  const unit = info?.enterpriseName || info?.orgName || '';

  const onClick = async ({ key }: { key: string }) => {
    if (key === 'profile') navigate('/profile/index');
    else if (key === 'home') navigate('/dashboard');
    else if (key === 'logout') {
      await logout();
      await navigate('/login', { replace: true });
      clearSession();
      useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    }
  };

  return (
    <Dropdown
      rootClassName="header-menu"
      trigger={['click']}
      placement="bottomRight"
      menu={{
        onClick: (e) => void onClick(e),
        items: [
          { key: 'profile', icon: <UserOutlined />, label: <span data-testid="user-menu-profile">个人中心</span> },
          { key: 'home', icon: <HomeOutlined />, label: <span data-testid="user-menu-home">首页</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">退出登录</span> },
        ],
      }}
    >
      <div className="user-menu" data-testid="user-menu" role="button" tabIndex={0}>
        <Avatar size={30} src={avatar || undefined} style={{ backgroundColor: color, flex: 'none' }}>
          {(name || '?').slice(0, 1)}
        </Avatar>
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
          <span className="user-name" data-testid="user-name">{name}</span>
          {unit && <span className="user-unit">{unit}</span>}
        </span>
        <CaretDownOutlined style={{ fontSize: 12, color: '#909399' }} />
      </div>
    </Dropdown>
  );
}
