import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadLocale, oneLanguage, serverText, setLocale, translate, useTranslation } from './i18n';
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
    expect(getPrefs()).toMatchObject({ locale: 'id', chosenLocale: 'id' });
    expect(document.documentElement.lang).toBe('id');
    await act(() => setLocale('en'));
  });

  it('one message, one language: a server text keeps an interface title only in Indonesian', () => {
    const body = serverText('Nilai Sumatif Akhir Semester berhasil disimpan');
    expect(oneLanguage('Grades', body, 'en')).toEqual({
      title: 'Nilai Sumatif Akhir Semester berhasil disimpan',
    });
    expect(oneLanguage('Nilai', body, 'id')).toEqual({
      title: 'Nilai',
      text: 'Nilai Sumatif Akhir Semester berhasil disimpan',
    });
    // A server title with an interface detail line: the detail goes.
    expect(oneLanguage(serverText('Data GTK berhasil disimpan'), '3 rows saved', 'de')).toEqual({
      title: 'Data GTK berhasil disimpan',
    });
    expect(oneLanguage(serverText('Berhasil'), serverText('SMK Demo'), 'fr')).toEqual({
      title: 'Berhasil',
      text: 'SMK Demo',
    });
    // Interface text alone is left as it is.
    expect(oneLanguage('Saved', 'Your profile was saved', 'en')).toEqual({
      title: 'Saved',
      text: 'Your profile was saved',
    });
    expect(oneLanguage('Saved', undefined, 'en')).toEqual({ title: 'Saved' });
  });
});
