/**
 * Menu icons by @ant-design/icons name (menu `icon` from front/menu/all). Only the names used by core's
 * catalogue are bundled (the full set is ~1 MB), and each loads the first time a menu shows it: the sidebar
 * shows the top-level entries and the open directory, not the whole catalogue (the first load's download budget).
 * Regenerate the list when packages/core/src/menus.ts gains an icon.
 */
import { useEffect, useState } from 'react';
import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/** the icon's definition only (its paths): it is drawn by the component every @ant-design/icons icon is made of */
const KNOWN: Record<string, () => Promise<{ default: IconDefinition }>> = {
  AimOutlined: () => import('@ant-design/icons-svg/es/asn/AimOutlined'),
  AlertOutlined: () => import('@ant-design/icons-svg/es/asn/AlertOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons-svg/es/asn/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons-svg/es/asn/ApiOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons-svg/es/asn/AppstoreOutlined'),
  AreaChartOutlined: () => import('@ant-design/icons-svg/es/asn/AreaChartOutlined'),
  AuditOutlined: () => import('@ant-design/icons-svg/es/asn/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons-svg/es/asn/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons-svg/es/asn/BarChartOutlined'),
  BarsOutlined: () => import('@ant-design/icons-svg/es/asn/BarsOutlined'),
  BellOutlined: () => import('@ant-design/icons-svg/es/asn/BellOutlined'),
  BookOutlined: () => import('@ant-design/icons-svg/es/asn/BookOutlined'),
  BranchesOutlined: () => import('@ant-design/icons-svg/es/asn/BranchesOutlined'),
  BuildOutlined: () => import('@ant-design/icons-svg/es/asn/BuildOutlined'),
  CalendarOutlined: () => import('@ant-design/icons-svg/es/asn/CalendarOutlined'),
  CarOutlined: () => import('@ant-design/icons-svg/es/asn/CarOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons-svg/es/asn/CarryOutOutlined'),
  CheckCircleOutlined: () => import('@ant-design/icons-svg/es/asn/CheckCircleOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons-svg/es/asn/CheckSquareOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons-svg/es/asn/CloudServerOutlined'),
  CloudUploadOutlined: () => import('@ant-design/icons-svg/es/asn/CloudUploadOutlined'),
  ClusterOutlined: () => import('@ant-design/icons-svg/es/asn/ClusterOutlined'),
  CommentOutlined: () => import('@ant-design/icons-svg/es/asn/CommentOutlined'),
  ContainerOutlined: () => import('@ant-design/icons-svg/es/asn/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons-svg/es/asn/ControlOutlined'),
  CreditCardOutlined: () => import('@ant-design/icons-svg/es/asn/CreditCardOutlined'),
  DashboardOutlined: () => import('@ant-design/icons-svg/es/asn/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons-svg/es/asn/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons-svg/es/asn/DeploymentUnitOutlined'),
  EditOutlined: () => import('@ant-design/icons-svg/es/asn/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons-svg/es/asn/EnvironmentOutlined'),
  ExclamationCircleOutlined: () => import('@ant-design/icons-svg/es/asn/ExclamationCircleOutlined'),
  ExperimentOutlined: () => import('@ant-design/icons-svg/es/asn/ExperimentOutlined'),
  EyeOutlined: () => import('@ant-design/icons-svg/es/asn/EyeOutlined'),
  FieldTimeOutlined: () => import('@ant-design/icons-svg/es/asn/FieldTimeOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons-svg/es/asn/FileDoneOutlined'),
  FileOutlined: () => import('@ant-design/icons-svg/es/asn/FileOutlined'),
  FileProtectOutlined: () => import('@ant-design/icons-svg/es/asn/FileProtectOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons-svg/es/asn/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons-svg/es/asn/FileTextOutlined'),
  FireOutlined: () => import('@ant-design/icons-svg/es/asn/FireOutlined'),
  FlagOutlined: () => import('@ant-design/icons-svg/es/asn/FlagOutlined'),
  FolderOpenOutlined: () => import('@ant-design/icons-svg/es/asn/FolderOpenOutlined'),
  FormOutlined: () => import('@ant-design/icons-svg/es/asn/FormOutlined'),
  FundOutlined: () => import('@ant-design/icons-svg/es/asn/FundOutlined'),
  GoldOutlined: () => import('@ant-design/icons-svg/es/asn/GoldOutlined'),
  HistoryOutlined: () => import('@ant-design/icons-svg/es/asn/HistoryOutlined'),
  HomeOutlined: () => import('@ant-design/icons-svg/es/asn/HomeOutlined'),
  HourglassOutlined: () => import('@ant-design/icons-svg/es/asn/HourglassOutlined'),
  IdcardOutlined: () => import('@ant-design/icons-svg/es/asn/IdcardOutlined'),
  ImportOutlined: () => import('@ant-design/icons-svg/es/asn/ImportOutlined'),
  InboxOutlined: () => import('@ant-design/icons-svg/es/asn/InboxOutlined'),
  InsuranceOutlined: () => import('@ant-design/icons-svg/es/asn/InsuranceOutlined'),
  IssuesCloseOutlined: () => import('@ant-design/icons-svg/es/asn/IssuesCloseOutlined'),
  LayoutOutlined: () => import('@ant-design/icons-svg/es/asn/LayoutOutlined'),
  LineChartOutlined: () => import('@ant-design/icons-svg/es/asn/LineChartOutlined'),
  MailOutlined: () => import('@ant-design/icons-svg/es/asn/MailOutlined'),
  MedicineBoxOutlined: () => import('@ant-design/icons-svg/es/asn/MedicineBoxOutlined'),
  MenuOutlined: () => import('@ant-design/icons-svg/es/asn/MenuOutlined'),
  MessageOutlined: () => import('@ant-design/icons-svg/es/asn/MessageOutlined'),
  MobileOutlined: () => import('@ant-design/icons-svg/es/asn/MobileOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons-svg/es/asn/MoneyCollectOutlined'),
  MonitorOutlined: () => import('@ant-design/icons-svg/es/asn/MonitorOutlined'),
  NodeExpandOutlined: () => import('@ant-design/icons-svg/es/asn/NodeExpandOutlined'),
  NodeIndexOutlined: () => import('@ant-design/icons-svg/es/asn/NodeIndexOutlined'),
  NotificationOutlined: () => import('@ant-design/icons-svg/es/asn/NotificationOutlined'),
  OrderedListOutlined: () => import('@ant-design/icons-svg/es/asn/OrderedListOutlined'),
  PartitionOutlined: () => import('@ant-design/icons-svg/es/asn/PartitionOutlined'),
  PayCircleOutlined: () => import('@ant-design/icons-svg/es/asn/PayCircleOutlined'),
  PercentageOutlined: () => import('@ant-design/icons-svg/es/asn/PercentageOutlined'),
  PieChartOutlined: () => import('@ant-design/icons-svg/es/asn/PieChartOutlined'),
  PlayCircleOutlined: () => import('@ant-design/icons-svg/es/asn/PlayCircleOutlined'),
  ProfileOutlined: () => import('@ant-design/icons-svg/es/asn/ProfileOutlined'),
  QuestionCircleOutlined: () => import('@ant-design/icons-svg/es/asn/QuestionCircleOutlined'),
  RadarChartOutlined: () => import('@ant-design/icons-svg/es/asn/RadarChartOutlined'),
  ReadOutlined: () => import('@ant-design/icons-svg/es/asn/ReadOutlined'),
  RetweetOutlined: () => import('@ant-design/icons-svg/es/asn/RetweetOutlined'),
  RiseOutlined: () => import('@ant-design/icons-svg/es/asn/RiseOutlined'),
  SafetyCertificateOutlined: () => import('@ant-design/icons-svg/es/asn/SafetyCertificateOutlined'),
  SafetyOutlined: () => import('@ant-design/icons-svg/es/asn/SafetyOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons-svg/es/asn/ScheduleOutlined'),
  SearchOutlined: () => import('@ant-design/icons-svg/es/asn/SearchOutlined'),
  SecurityScanOutlined: () => import('@ant-design/icons-svg/es/asn/SecurityScanOutlined'),
  SendOutlined: () => import('@ant-design/icons-svg/es/asn/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons-svg/es/asn/SettingOutlined'),
  ShopOutlined: () => import('@ant-design/icons-svg/es/asn/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons-svg/es/asn/ShoppingCartOutlined'),
  SnippetsOutlined: () => import('@ant-design/icons-svg/es/asn/SnippetsOutlined'),
  SolutionOutlined: () => import('@ant-design/icons-svg/es/asn/SolutionOutlined'),
  SoundOutlined: () => import('@ant-design/icons-svg/es/asn/SoundOutlined'),
  StockOutlined: () => import('@ant-design/icons-svg/es/asn/StockOutlined'),
  StopOutlined: () => import('@ant-design/icons-svg/es/asn/StopOutlined'),
  SwapOutlined: () => import('@ant-design/icons-svg/es/asn/SwapOutlined'),
  SyncOutlined: () => import('@ant-design/icons-svg/es/asn/SyncOutlined'),
  TagsOutlined: () => import('@ant-design/icons-svg/es/asn/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons-svg/es/asn/TeamOutlined'),
  ToolOutlined: () => import('@ant-design/icons-svg/es/asn/ToolOutlined'),
  TrophyOutlined: () => import('@ant-design/icons-svg/es/asn/TrophyOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons-svg/es/asn/UnorderedListOutlined'),
  UserAddOutlined: () => import('@ant-design/icons-svg/es/asn/UserAddOutlined'),
  UserDeleteOutlined: () => import('@ant-design/icons-svg/es/asn/UserDeleteOutlined'),
  UserOutlined: () => import('@ant-design/icons-svg/es/asn/UserOutlined'),
  UsergroupAddOutlined: () => import('@ant-design/icons-svg/es/asn/UsergroupAddOutlined'),
  WarningOutlined: () => import('@ant-design/icons-svg/es/asn/WarningOutlined'),
};

/** the icon names a menu may use (offer these in the menu form) */
export const MENU_ICON_NAMES = Object.keys(KNOWN);

const FALLBACK = 'AppstoreOutlined';
const loaded = new Map<string, IconDefinition>();
const loading = new Map<string, Promise<IconDefinition>>();

function load(name: string): Promise<IconDefinition> {
  let p = loading.get(name);
  if (!p) {
    p = KNOWN[name]!().then((m) => {
      loaded.set(name, m.default);
      return m.default;
    });
    loading.set(name, p);
  }
  return p;
}

/** AppstoreOutlined for an unknown name (e.g. AG-Admin's 'fa-user'); an empty icon-sized box until it has loaded */
export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  const key = name && Object.hasOwn(KNOWN, name) ? name : FALLBACK;
  const [, rerender] = useState(0);
  const icon = loaded.get(key);
  useEffect(() => {
    if (loaded.has(key)) return;
    let live = true;
    void load(key).then(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return icon ? <AntdIcon icon={icon} className={className} /> : <span role="img" aria-hidden className={'anticon' + (className ? ' ' + className : '')} style={{ width: '1em', height: '1em' }} />;
}
