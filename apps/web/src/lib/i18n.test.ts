import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadLocale, setLocale, translate, useTranslation } from './i18n';
import { getPrefs } from './prefs';

describe('i18n', () => {
  it('translates with interpolation and falls back to en, then to the key', async () => {
    expect(translate('layout.copyright', { year: 2026 }, 'en')).toBe('Copyright © 2026 e-Rapor SMK');
    await loadLocale('id');
    expect(translate('layout.copyright', { year: 2026 }, 'id')).toBe('Hak Cipta © 2026 e-Rapor SMK');
    expect(translate('no.such.key', undefined, 'id')).toBe('no.such.key');
  });

  it('the spec request messages are the English texts', () => {
    expect(translate('errors.aborted', undefined, 'en')).toBe('Request aborted');
    expect(translate('errors.network', undefined, 'en')).toBe('Network Error');
    expect(translate('errors.timeout', { ms: 30000 }, 'en')).toBe('timeout of 30000 ms exceeded');
  });

  it('switches language, re-renders, and remembers the choice', async () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('auth.login.subtitle')).toBe('Please sign in to use the application');
    await act(() => setLocale('id'));
    expect(i18n.language).toBe('id');
    expect(result.current.t('auth.login.subtitle')).toBe('Silahkan login untuk dapat mengakses Aplikasi');
    expect(getPrefs().locale).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    await act(() => setLocale('en'));
  });
});
