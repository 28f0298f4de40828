/** The drawer of layout/components/Settings, loaded when first opened (the colour picker is heavy). */
import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useSettingsStore } from '../../../store/settings.ts';
import { PREDEFINED_THEMES, defaultTheme, useEdition, useThemeColor } from '../../../app/theme.ts';

export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { tagsView, fixedHeader, sidebarLogo, theme, changeSetting } = useSettingsStore();
  const color = useThemeColor();
  const edition = useEdition();
  return (
    <Drawer
      open={open}
      onClose={onClose}
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
  );
}
