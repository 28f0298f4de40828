/**
 * The data-change signal, the one way screens tell each other that data changed (the bell's counts
 * refresh on it): after a write, a waybill transition or a notice read. The bell reloads its
 * counts; open lists and details refetch. `topic` names what changed (a resource key, 'waybill') when the writer
 * has already refreshed that itself, so its own listeners may skip it.
 */
const DATA_CHANGED_EVENT = 'dg:data-changed';

export interface DataChangedDetail {
  topic?: string;
}

export function emitDataChanged(topic?: string): void {
  window.dispatchEvent(new CustomEvent<DataChangedDetail>(DATA_CHANGED_EVENT, { detail: { topic } }));
}

/** subscribe; returns the unsubscribe function (an effect's cleanup) */
export function onDataChanged(listener: (detail: DataChangedDetail) => void): () => void {
  const h = (e: Event) => listener((e as CustomEvent<DataChangedDetail>).detail ?? {});
  window.addEventListener(DATA_CHANGED_EVENT, h);
  return () => window.removeEventListener(DATA_CHANGED_EVENT, h);
}
