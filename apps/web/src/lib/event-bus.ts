import { useEffect, useRef } from 'react';

/**
 * A tiny event bus between the page header and the page (reference-screens §0): the header's
 * add button emits its route's action (e.g. `add-kd`); the page listens. Pages may emit
 * `loading` (boolean) to show a spinner on the button, `hide-button` (boolean) to hide it and
 * `disable-button` (the reason as a string, or null to enable it again) to offer it disabled with why.
 */
type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

export const BUS_EVENTS = {
  loading: 'loading',
  hideButton: 'hide-button',
  disableButton: 'disable-button',
} as const;

export function on(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

export function emit(event: string, payload?: unknown): void {
  for (const h of handlers.get(event) ?? []) h(payload);
}

/** Subscribes a component to a bus event for as long as it is mounted. */
export function useBusEvent(event: string | undefined, handler: Handler): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!event) return;
    return on(event, (p) => ref.current(p));
  }, [event]);
}
