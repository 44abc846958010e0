import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import type { SetView, ViewKey, ViewPatch } from '../lib/view-search';

/**
 * `value` came from the URL: once the `options` the user may choose from have loaded and it is
 * not among them, it is dropped together with the choices that depend on it (`clears`), and the
 * user is told in one short line. Returns whether the value may be used now (known, or nothing
 * chosen) — a query keyed on it should wait for that, so a stale id never reaches the server.
 */
export function useKnownChoice(
  key: ViewKey,
  value: string | undefined | null,
  options: readonly string[] | undefined,
  setView: SetView,
  clears: readonly ViewKey[] = [],
): boolean {
  const { t } = useTranslation();
  const unknown = !!value && options !== undefined && !options.includes(value);
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!unknown || told.current === value) return;
    told.current = value ?? null;
    const patch: ViewPatch = { [key]: null };
    for (const k of clears) patch[k] = null;
    setView(patch, { replace: true });
    toast.info(t('view.resetTitle'), t('view.reset'));
  }, [unknown, value, key, clears, setView, t]);
  return !value || (options !== undefined && !unknown);
}

/**
 * The values of a loaded option list for `useKnownChoice`; undefined while it loads or while a
 * query shows the previous key's list (`keepPreviousData`), which must not judge the new choice.
 */
export function optionValues(
  list: readonly { value: string }[] | undefined,
  placeholder = false,
): string[] | undefined {
  return list && !placeholder ? list.map((o) => o.value) : undefined;
}
