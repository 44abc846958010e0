import { ROUTES } from '@erapor/contract/routes';
import { describe, expect, it } from 'vitest';
import { areaOf } from '../../scripts/scaffold-screens-area';
import { REUSED_SCREENS, ROLE_SCREENS, SCREEN_ALIASES } from './screen-aliases';
import { SCREEN_AREAS, SCREENS } from './screens';
import { BARE_ROUTES, BARE_SCREENS } from './shell-chunks';

describe('screens', () => {
  it('every contract route has exactly one lazy screen file, and no file is orphaned', () => {
    const names = ROUTES.map((r) => r.name).sort();
    expect(Object.keys(SCREENS).sort()).toEqual(names);
  });

  it("each screen lives in the feature folder of its area (a reused one in its own file's)", () => {
    for (const r of ROUTES) {
      const file = SCREEN_ALIASES[r.name] ?? r.name;
      expect(`${r.name}: ${SCREEN_AREAS[r.name]}`).toBe(`${r.name}: ${areaOf(file)}`);
    }
    expect(SCREEN_AREAS['progress-cetak-rapor']).toBe('cetak');
  });

  it('a reused screen file is no route of its own, and each alias names a route', () => {
    const names = new Set(ROUTES.map((r) => r.name));
    for (const file of REUSED_SCREENS) expect(names.has(file), file).toBe(false);
    for (const route of [...Object.keys(SCREEN_ALIASES), ...Object.keys(ROLE_SCREENS)]) {
      expect(names.has(route), route).toBe(true);
    }
  });

  it('two routes that show one screen load the same file', async () => {
    const [wali, waka] = await Promise.all([
      SCREENS['wali-kelas-cetak-rapor']?.(),
      SCREENS['progress-cetak-rapor']?.(),
    ]);
    expect(typeof wali?.default).toBe('function');
    expect(wali?.default).toBe(waka?.default);
  });

  it("the pupil's Beranda is the portal; an admin who is also a pupil keeps the admin's", () => {
    const when = ROLE_SCREENS.beranda?.when ?? (() => false);
    expect(ROLE_SCREENS.beranda?.screen).toBe('portal');
    expect(when(['siswa'])).toBe(true);
    expect(when(['siswa', 'admin'])).toBe(false);
    expect(when(['guru', 'wali'])).toBe(false);
  });

  it('the bare routes (and only they) find their screens in the entry, without the lazy table', async () => {
    expect(Object.keys(BARE_SCREENS).sort()).toEqual([...BARE_ROUTES].sort());
    for (const name of BARE_ROUTES) {
      const [bare, listed] = await Promise.all([BARE_SCREENS[name]?.(), SCREENS[name]?.()]);
      expect(typeof bare?.default).toBe('function');
      expect(bare?.default).toBe(listed?.default);
    }
  });

  it('each screen module has a default export component', async () => {
    const mod = await SCREENS['pkl-perencanaan']?.();
    expect(typeof mod?.default).toBe('function');
  });
});
