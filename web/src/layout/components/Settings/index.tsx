/**
 * layout/components/Settings + components/RightPanel (REFERENCE-shell §4.5): 主题色, 开启 Tags-View,
 * 固定 Header, 侧边栏 Logo; kept in localStorage. The theme colour is antd's colorPrimary token.
 */
import { useState } from 'react';
import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { useSettingsStore } from '../../../store/settings.ts';
import { PREDEFINED_THEMES, defaultTheme, useEdition, useThemeColor } from '../../../app/theme.ts';

export default function Settings() {
  const [open, setOpen] = useState(false);
  const { tagsView, fixedHeader, sidebarLogo, theme, changeSetting } = useSettingsStore();
  const color = useThemeColor();
  const edition = useEdition();

  return (
    <>
      <button
        type="button"
        className="right-panel-handle"
        data-testid="settings-handle"
        aria-label="系统布局配置"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        size={280}
        title="系统布局配置"
        data-testid="settings-drawer"
      >
        <div className="drawer-item">
          <span>主题色</span>
          <ColorPicker
            value={color}
            disabledAlpha
            presets={[{ label: '预设颜色', colors: PREDEFINED_THEMES }]}
            onChangeComplete={(c) => changeSetting('theme', c.toHexString())}
            data-testid="settings-theme"
          />
        </div>
        {theme && theme.toLowerCase() !== defaultTheme(edition).toLowerCase() && (
          <div style={{ textAlign: 'right' }}>
            <Button type="link" size="small" onClick={() => changeSetting('theme', null)} data-testid="settings-theme-reset">
              恢复默认主题色
            </Button>
          </div>
        )}
        <Divider style={{ margin: '8px 0' }} />
        <div className="drawer-item">
          <span>开启 Tags-View</span>
          <Switch checked={tagsView} onChange={(v) => changeSetting('tagsView', v)} data-testid="settings-tags-view" />
        </div>
        <div className="drawer-item">
          <span>固定 Header</span>
          <Switch checked={fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} data-testid="settings-fixed-header" />
        </div>
        <div className="drawer-item">
          <span>侧边栏 Logo</span>
          <Switch checked={sidebarLogo} onChange={(v) => changeSetting('sidebarLogo', v)} data-testid="settings-sidebar-logo" />
        </div>
      </Drawer>
    </>
  );
}
