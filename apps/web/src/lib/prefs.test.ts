import { beforeEach, describe, expect, it } from 'vitest';
import { applyPrefsToDocument, DEFAULT_PREFS, getPrefs, loadPrefs, reloadPrefs, setPrefs } from './prefs';

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
    });
    const restored = loadPrefs();
    expect(restored).toMatchObject({
      skin: 'semi-dark',
      contentWidth: 'boxed',
      footerType: 'hidden',
      routerTransition: 'fade',
      locale: 'id',
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
});
