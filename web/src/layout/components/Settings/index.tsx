/**
 * layout/components/Settings + components/RightPanel (vue-element-admin's): 主题色, 开启 Tags-View,
 * 固定 Header, 侧边栏 Logo; kept in localStorage. The theme colour is antd's colorPrimary token.
 * The handle is always there; the drawer (SettingsDrawer.tsx) loads the first time it opens.
 */
import { lazy, Suspense, useState } from 'react';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';

const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));

export default function Settings() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <button
        type="button"
        className="right-panel-handle"
        data-testid="settings-handle"
        aria-label="系统布局配置"
        onClick={() => { setOpened(true); setOpen((o) => !o); }}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
