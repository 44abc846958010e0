import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyPrefsToDocument,
  browserLocale,
  DEFAULT_PREFS,
  getPrefs,
  loadPrefs,
  reloadPrefs,
  setPrefs,
} from './prefs';

describe('layout preferences', () => {
  beforeEach(() => {
    reloadPrefs();
    document.documentElement.className = '';
  });

  it('defaults: vertical, expanded, full width, light, sticky navbar and footer, zoom-fade, ltr, en', () => {
    expect(loadPrefs()).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS).toMatchObject({
      layoutType: 'vertical',
      menuCollapsed: false,
      menuHidden: false,
      contentWidth: 'full',
      skin: 'light',
      navbarType: 'sticky',
      footerType: 'sticky',
      routerTransition: 'zoom-fade',
      isRTL: false,
      locale: 'en',
    });
  });

  it('persists the skin under `skin` and the rest under one prefs key', () => {
    setPrefs({
      skin: 'dark',
      isRTL: true,
      layoutType: 'horizontal',
      navbarType: 'floating',
      menuCollapsed: true,
    });
    expect(localStorage.getItem('skin')).toBe('dark');
    const stored = JSON.parse(localStorage.getItem('erapor-prefs') ?? '{}');
    expect(stored).toMatchObject({
      isRTL: true,
      layoutType: 'horizontal',
      navbarType: 'floating',
      menuCollapsed: true,
    });
    expect(stored).not.toHaveProperty('skin');
    expect(Object.keys(localStorage).sort()).toEqual(['erapor-prefs', 'skin']);
  });

  it('restores what was stored (as after a reload)', () => {
    setPrefs({
      skin: 'semi-dark',
      contentWidth: 'boxed',
      footerType: 'hidden',
      routerTransition: 'fade',
      locale: 'id',
      chosenLocale: 'id',
    });
    const restored = loadPrefs();
    expect(restored).toMatchObject({
      skin: 'semi-dark',
      contentWidth: 'boxed',
      footerType: 'hidden',
      routerTransition: 'fade',
      locale: 'id',
      chosenLocale: 'id',
    });
    expect(restored).toEqual(getPrefs());
  });

  it('ignores invalid stored values', () => {
    localStorage.setItem('skin', 'purple');
    localStorage.setItem(
      'erapor-prefs',
      JSON.stringify({ layoutType: 'diagonal', isRTL: 'yes', navbarType: 'static' }),
    );
    expect(loadPrefs()).toMatchObject({
      skin: 'light',
      layoutType: 'vertical',
      isRTL: false,
      navbarType: 'static',
    });
    localStorage.setItem('erapor-prefs', '{not json');
    expect(loadPrefs()).toEqual(DEFAULT_PREFS);
  });

  it('dark adds dark-layout to <html>; RTL flips document.dir', () => {
    setPrefs({ skin: 'dark', isRTL: true });
    expect(document.documentElement.classList.contains('dark-layout')).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
    setPrefs({ skin: 'light', isRTL: false });
    expect(document.documentElement.classList.contains('dark-layout')).toBe(false);
    expect(document.documentElement.dir).toBe('ltr');
    applyPrefsToDocument({ ...DEFAULT_PREFS, skin: 'bordered' });
    expect(document.documentElement.className).toBe('bordered-layout');
  });

  it('the first language follows the browser: id/id-ID (and the old "in") → id, de/fr/pt, else en', () => {
    expect(browserLocale(['id-ID', 'en-US'])).toBe('id');
    expect(browserLocale(['id'])).toBe('id');
    expect(browserLocale(['in-ID'])).toBe('id');
    expect(browserLocale(['de-AT'])).toBe('de');
    expect(browserLocale(['fr-CA', 'id'])).toBe('fr');
    expect(browserLocale(['pt-BR'])).toBe('pt');
    expect(browserLocale(['ja-JP', 'id-ID'])).toBe('id');
    expect(browserLocale(['ja-JP', 'ms'])).toBe('en');
    expect(browserLocale(['en-GB', 'id'])).toBe('en');
    expect(browserLocale([])).toBe('en');
    expect(browserLocale(undefined)).toBe('en');
  });

  it('without a choice the browser decides and nothing is stored; a choice is stored and wins', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['id-ID', 'en']);
    try {
      expect(loadPrefs()).toMatchObject({ locale: 'id', chosenLocale: '' });
      setPrefs({ skin: 'dark' });
      expect(JSON.parse(localStorage.getItem('erapor-prefs') ?? '{}')).not.toHaveProperty('locale');
      expect(loadPrefs()).toMatchObject({ locale: 'id', chosenLocale: '' });
      setPrefs({ locale: 'en', chosenLocale: 'en' });
      expect(loadPrefs()).toMatchObject({ locale: 'en', chosenLocale: 'en' });
    } finally {
      languages.mockRestore();
    }
  });

  it('a language stored by earlier versions counts as chosen only when it is not the old default en', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['id-ID']);
    try {
      localStorage.setItem('erapor-prefs', JSON.stringify({ locale: 'en' }));
      expect(loadPrefs()).toMatchObject({ locale: 'id', chosenLocale: '' });
      localStorage.setItem('erapor-prefs', JSON.stringify({ locale: 'de' }));
      expect(loadPrefs()).toMatchObject({ locale: 'de', chosenLocale: 'de' });
    } finally {
      languages.mockRestore();
    }
  });
});
