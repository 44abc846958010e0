import { ROUTES } from '@erapor/contract/routes';
import { describe, expect, it } from 'vitest';
import { areaOf } from '../../scripts/scaffold-screens-area';
import { SCREEN_AREAS, SCREENS } from './screens';
import { BARE_ROUTES, BARE_SCREENS } from './shell-chunks';

describe('screens', () => {
  it('every contract route has exactly one lazy screen file, and no file is orphaned', () => {
    const names = ROUTES.map((r) => r.name).sort();
    expect(Object.keys(SCREENS).sort()).toEqual(names);
  });

  it('each screen lives in the feature folder of its area', () => {
    for (const r of ROUTES) expect(`${r.name}: ${SCREEN_AREAS[r.name]}`).toBe(`${r.name}: ${areaOf(r.name)}`);
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
