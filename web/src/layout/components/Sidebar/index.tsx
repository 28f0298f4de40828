/**
 * layout/components/Sidebar: the granted menu tree (front/menus; titles and icons from
 * front/menu/all), antd Menu inline, SIDEBAR_WIDTH wide, collapsible, a drawer on mobile.
 */
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { isExternal } from '@dg/core';
import { useAppStore } from '../../../store/app.ts';
import { DASHBOARD, usePermissionStore, type SidebarItem } from '../../../store/permission.ts';
import { useSettingsStore } from '../../../store/settings.ts';
import { useRouteMeta } from '../../../app/routeMeta.ts';
import { MenuIcon } from './icons.tsx';
import Logo from './Logo.tsx';

type Item = Required<MenuProps>['items'][number];

function toItems(list: SidebarItem[]): Item[] {
  return list.map((m) => {
    const label = <span data-testid={`menu-${m.code}`}>{m.title}</span>;
    if (m.children) return { key: `dir:${m.code}`, icon: <MenuIcon name={m.icon} />, label, children: toItems(m.children) };
    return { key: m.path, icon: <MenuIcon name={m.icon} />, label, title: m.title };
  });
}

/** keys of the directories above the entry with this path */
function parentKeys(list: SidebarItem[], path: string, trail: string[] = []): string[] | null {
  for (const m of list) {
    if (m.children) {
      const found = parentKeys(m.children, path, [...trail, `dir:${m.code}`]);
      if (found) return found;
    } else if (m.path === path) return trail;
  }
  return null;
}

export default function Sidebar() {
  const navigate = useNavigate();
  const sidebar = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const title = useSettingsStore((s) => s.title);
  const tree = usePermissionStore((s) => s.sidebar);
  const { activePath } = useRouteMeta();
  const collapsed = !sidebar.opened && device !== 'mobile';

  const full = useMemo(() => [DASHBOARD, ...tree], [tree]);
  const items = useMemo(() => toItems(full), [full]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeys(full, activePath) ?? []);

  // open the directory of the page being shown (e.g. after a header search or a tag click)
  useEffect(() => {
    const keys = parentKeys(full, activePath);
    if (keys?.length) setOpenKeys((cur) => Array.from(new Set([...cur, ...keys])));
  }, [activePath, full]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) window.open(key, '_blank', 'noopener');
    else navigate(key);
  };

  return (
    <div className="sidebar-container" data-testid="sidebar" data-collapsed={collapsed ? '1' : '0'}>
      {showLogo && <Logo collapse={collapsed} title={title} />}
      <div className="sidebar-scroll">
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={[activePath]}
          inlineCollapsed={collapsed}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={onClick}
        />
      </div>
    </div>
  );
}
