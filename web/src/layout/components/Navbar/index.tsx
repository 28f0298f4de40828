/** layout/components/Navbar: hamburger, breadcrumb, and the right menu (its toolbar, the bell, the settings handle, the user). */
import { useAppStore } from '../../../store/app.ts';
import { useSettingsStore } from '../../../store/settings.ts';
import Settings from '../Settings/index.tsx';
import Bell from './Bell.tsx';
import Breadcrumb from './Breadcrumb.tsx';
import ErrorLog from './ErrorLog.tsx';
import Hamburger from './Hamburger.tsx';
import HeaderSearch from './HeaderSearch.tsx';
import Screenfull from './Screenfull.tsx';
import SizeSelect from './SizeSelect.tsx';
import UserMenu from './UserMenu.tsx';

export default function Navbar() {
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const showSettings = useSettingsStore((s) => s.showSettings);
  return (
    <div className="navbar" data-testid="navbar">
      <Hamburger isActive={opened} onToggle={toggleSideBar} />
      <Breadcrumb />
      <div className="right-menu">
        <HeaderSearch />
        <ErrorLog />
        <Screenfull />
        <SizeSelect />
        <Bell />
        {showSettings && <Settings />}
        <UserMenu />
      </div>
    </div>
  );
}
