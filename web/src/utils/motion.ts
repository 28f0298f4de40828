/**
 * The system setting 减少动态效果 (prefers-reduced-motion): antd's transitions and the charts' entry animation are
 * left out for a user who asked the system for less motion, and turn back on when the setting changes.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined);

export const prefersReducedMotion = () => !!media()?.matches;

function subscribe(onChange: () => void) {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

export const useReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
