import { useSyncExternalStore } from 'react';
import { oneLanguage, type Shown } from './i18n';

/**
 * Our own small toaster (spec §9): two configurations, kept as the library had them.
 *  - TOAST_DEFAULT: 3000 ms, bottom right, at most 4 at once, newest first, no close button,
 *    no icon, no progress bar, not closed on click (login/register feedback).
 *  - TOAST_LONG: the library default — 5000 ms, at most 20, top right, dismissed by dragging
 *    60% of its width — for longer messages.
 * Toasts beyond the limit wait in line (as the library did) and appear when one closes;
 * their time starts when they appear. Hovering pauses the time.
 * A toast is in one language: a server text (`serverText(res.message)`, `httpErrorText(e, t)`)
 * shown with an interface title keeps the title only when the interface is Indonesian
 * (`oneLanguage`, docs/decisions/020-language.md).
 */
export type ToastPosition = 'bottom-right' | 'top-right';
export type ToastType = 'default' | 'success' | 'info' | 'warning' | 'error';
export type ToastStyle = 'default' | 'long';

export interface ToastConfig {
  timeout: number;
  position: ToastPosition;
  maxToasts: number;
  newestOnTop: boolean;
  closeButton: boolean;
  icon: boolean;
  hideProgressBar: boolean;
  closeOnClick: boolean;
  pauseOnHover: boolean;
  draggable: boolean;
  /** Share of the toast's width it must be dragged to be dismissed. */
  draggablePercent: number;
}

export const TOAST_DEFAULT: Readonly<ToastConfig> = Object.freeze({
  timeout: 3000,
  position: 'bottom-right',
  maxToasts: 4,
  newestOnTop: true,
  closeButton: false,
  icon: false,
  hideProgressBar: true,
  closeOnClick: false,
  pauseOnHover: true,
  draggable: true,
  draggablePercent: 0.6,
});

export const TOAST_LONG: Readonly<ToastConfig> = Object.freeze({
  timeout: 5000,
  position: 'top-right',
  maxToasts: 20,
  newestOnTop: true,
  closeButton: true,
  icon: true,
  hideProgressBar: false,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
  draggablePercent: 0.6,
});

export const TOAST_CONFIGS: Record<ToastStyle, Readonly<ToastConfig>> = {
  default: TOAST_DEFAULT,
  long: TOAST_LONG,
};

export interface ToastInput {
  title: Shown;
  text?: Shown;
  type?: ToastType;
  style?: ToastStyle;
  /** Overrides the configuration's time (ms); 0 keeps the toast until dismissed. */
  timeout?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'title' | 'text' | 'timeout'>> {
  id: number;
  title: string;
  text?: string;
  timeout: number;
}

let nextId = 1;
let queue: readonly Toast[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  queue = next;
  for (const l of listeners) l();
}

export function showToast(input: ToastInput): number {
  const style = input.style ?? 'default';
  const { title, text } = oneLanguage(input.title, input.text);
  const toast: Toast = {
    id: nextId++,
    title,
    text,
    type: input.type ?? 'default',
    style,
    timeout: input.timeout ?? TOAST_CONFIGS[style].timeout,
  };
  publish([...queue, toast]);
  return toast.id;
}

export function dismissToast(id: number): void {
  if (queue.some((t) => t.id === id)) publish(queue.filter((t) => t.id !== id));
}

export function clearToasts(): void {
  publish([]);
}

export function getToasts(): readonly Toast[] {
  return queue;
}

/** The toasts on screen for one style: the oldest `maxToasts` in line, shown newest first. */
export function visibleToasts(all: readonly Toast[], style: ToastStyle): Toast[] {
  const config = TOAST_CONFIGS[style];
  const shown = all.filter((t) => t.style === style).slice(0, config.maxToasts);
  return config.newestOnTop ? shown.reverse() : shown;
}

/** Whether a horizontal drag of `dx` px dismisses a toast `width` px wide. */
export function dragDismisses(
  dx: number,
  width: number,
  config: Pick<ToastConfig, 'draggable' | 'draggablePercent'>,
): boolean {
  return config.draggable && width > 0 && Math.abs(dx) >= width * config.draggablePercent;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

const typed =
  (type: ToastType) =>
  (title: Shown, text?: Shown, style?: ToastStyle): number =>
    showToast({ title, text, type, style });

export const toast = {
  show: showToast,
  success: typed('success'),
  error: typed('error'),
  info: typed('info'),
  warning: typed('warning'),
};
