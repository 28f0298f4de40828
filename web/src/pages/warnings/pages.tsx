/**
 * The 13 warning pages are one component, WarningList, fed by packages/core/src/warnings.ts:
 * `warningPage(menu)` gives the page of a menu code (registry.tsx maps each code to it).
 */
import type { ComponentType } from 'react';
import { Result } from 'antd';
import { warningKindByMenu } from '@dg/core/warnings';
import WarningList from './WarningList';

const pages = new Map<string, ComponentType>();

export function warningPage(menu: string): ComponentType {
  let page = pages.get(menu);
  if (!page) {
    const kind = warningKindByMenu(menu);
    page = kind
      ? function WarningPage() { return <WarningList key={kind.key} kind={kind} />; }
      : function UnknownWarning() { return <Result status="warning" title={`未定义的预警：${menu}`} />; };
    pages.set(menu, page);
  }
  return page;
}
