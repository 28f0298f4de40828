/**
 * 系统布局配置: 主题色, 开启 Tags-View, 固定 Header, 侧边栏 Logo; kept in localStorage. The theme colour is antd's
 * colorPrimary token. The handle is an icon of the header's toolbar, where it covers nothing (a handle floating on the
 * page's right edge covered 新增, 导出 and row actions); the drawer (SettingsDrawer.tsx) loads the first time it opens.
 */
import { lazy, Suspense, useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';

const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

export default function Settings() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Tooltip title="系统布局配置" placement="bottom">
        <button
          type="button"
          className="right-menu-item"
          data-testid="settings-handle"
          aria-label="系统布局配置"
          onClick={() => { setOpened(true); setOpen((o) => !o); }}
        >
          <SettingOutlined />
        </button>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
