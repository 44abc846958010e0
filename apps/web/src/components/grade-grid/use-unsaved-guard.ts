import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router';
import { createElement, type ReactNode, useEffect } from 'react';
import { UnsavedConfirm } from './unsaved-confirm';

/**
 * Unsaved grades are never lost silently. While `dirty`:
 * - closing or reloading the tab asks the browser's own confirm (`beforeunload`; browsers show
 *   their fixed text, a page cannot word it);
 * - leaving the screen inside the app (menu, link, back button) is held by TanStack Router's
 *   blocker and asks "Perubahan belum disimpan. Tinggalkan halaman ini?" in a Mantine modal.
 *
 * Render the returned `modal` somewhere in the screen. Must be used under the app's router
 * (every screen is a route of app/router.tsx, so it is).
 * After a successful save, update the draft first (`dirty` false) and navigate afterwards.
 */
export function useUnsavedGuard(dirty: boolean): { modal: ReactNode; blocked: boolean } {
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari still need returnValue set to show the dialog.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const blocker = useBlocker({
    shouldBlockFn: leavesLocation,
    withResolver: true,
    // Our own listener above covers the tab; the router's would register a second one.
    enableBeforeUnload: false,
    disabled: !dirty,
  });

  const blocked = blocker.status === 'blocked';
  const modal = createElement(UnsavedConfirm, {
    opened: blocked,
    onStay: () => blocker.reset?.(),
    onLeave: () => blocker.proceed?.(),
  });
  return { modal, blocked };
}

/** Navigating to where we already are (clicking the current menu item) loses nothing. */
const leavesLocation: ShouldBlockFn = ({ current, next }) =>
  current.pathname !== next.pathname || JSON.stringify(current.search) !== JSON.stringify(next.search);
