import { useSyncExternalStore } from 'react';

/** The window width as a store value, updated on load and on resize (spec §4). */
let width = typeof window === 'undefined' ? 0 : window.innerWidth;
const listeners = new Set<() => void>();

function update(): void {
  const next = window.innerWidth;
  if (next === width) return;
  width = next;
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('load', update);
  window.addEventListener('resize', update);
}

export function getWindowWidth(): number {
  return width;
}

export function subscribeWindowWidth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeWindowWidth, getWindowWidth, getWindowWidth);
}

/** Breakpoints of the theme (px), shared by CSS and code. */
export const BREAKPOINTS = { xs: 576, sm: 768, md: 992, lg: 1200, xl: 1400 } as const;
