/**
 * The data-change signal (spec §4 "Reminder counts … refresh … on a data-change signal"). Pages
 * fire it after a waybill transition or a notice read; the bell listens and reloads its counts.
 */
export const DATA_CHANGED_EVENT = 'dg:data-changed';

export interface DataChangedDetail {
  /** what changed, for listeners that care (e.g. 'waybill', 'notice'); optional */
  topic?: string;
}

export function emitDataChanged(detail: DataChangedDetail = {}): void {
  window.dispatchEvent(new CustomEvent<DataChangedDetail>(DATA_CHANGED_EVENT, { detail }));
}

/** subscribe; returns the unsubscribe function */
export function onDataChanged(listener: (detail: DataChangedDetail) => void): () => void {
  const h = (e: Event) => listener((e as CustomEvent<DataChangedDetail>).detail ?? {});
  window.addEventListener(DATA_CHANGED_EVENT, h);
  return () => window.removeEventListener(DATA_CHANGED_EVENT, h);
}
