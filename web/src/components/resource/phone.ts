/**
 * Lists on a phone: below 768 px (antd's md breakpoint) a list shows one search field with 筛选 for the rest, and its
 * rows as cards. `usePhone` follows the window's width; `cardParts` picks a card's title, lines, state and actions
 * from the same columns the desktop table shows, so a list defines its columns once.
 */
import { useSyncExternalStore, type Key } from 'react';

export const PHONE_QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia?.(PHONE_QUERY);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
};
const isPhone = () => Boolean(window.matchMedia?.(PHONE_QUERY).matches);

/** whether the window is a phone's width (decided on the first render: a desktop never flashes the cards) */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}

/** the column keys that hold a row's state: shown as the card's tag */
export const STATE_KEYS = ['state', 'auditStatus', 'status'];
/** the column keys of a row's actions: shown at the card's foot */
export const ACTION_KEYS = ['__actions', 'op'];
/** lines under a card's title */
export const CARD_LINES = 4;

export interface CardColumn { key?: Key; fixed?: unknown; title?: unknown }

export interface CardParts<C> {
  title?: C;
  state?: C;
  lines: C[];
  actions?: C;
}

/**
 * A card from a table's columns: the actions column (fixed right, or keyed 操作) at the foot, the first state column
 * as a tag, the first other column as the title, the next ones as labelled lines.
 */
export function cardParts<C extends CardColumn>(columns: readonly C[], lines = CARD_LINES): CardParts<C> {
  const actions = columns.find((c) => ACTION_KEYS.includes(String(c.key)) || c.fixed === 'right');
  const state = columns.find((c) => c !== actions && STATE_KEYS.includes(String(c.key)));
  const rest = columns.filter((c) => c !== actions && c !== state);
  return { title: rest[0], state, lines: rest.slice(1, 1 + lines), actions };
}

/** how many of a search's values are set (the 筛选 button's count) */
export function setCount(values: Record<string, unknown>, except: string[] = []): number {
  return Object.entries(values).filter(([k, v]) => !except.includes(k) && v !== undefined && v !== null && v !== ''
    && !(Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''))).length;
}
