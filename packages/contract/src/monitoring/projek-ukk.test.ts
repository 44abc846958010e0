import { describe, expect, it } from 'vitest';
import { percentDone, statusOf } from './counting';
import { projekCells, projekMonitoringMode, tanpaProjek } from './projek';
import { countUkk } from './ukk';

describe('Nilai Projek counting (issue #14 item 4)', () => {
  it('switches from P5 cells to kokurikuler texts at 20251', () => {
    expect(projekMonitoringMode('20242')).toBe('p5');
    expect(projekMonitoringMode('20241')).toBe('p5');
    expect(projekMonitoringMode('20251')).toBe('kokurikuler');
    expect(projekMonitoringMode('20262')).toBe('kokurikuler');
  });

  it('counts live members × planned sub-elements; a leaver’s scores never count', () => {
    // 3 live pupils, 2 projects with 2 + 1 sub-elements = 9 cells; 5 scored cells of live
    // pupils and 2 of a pupil who left → 5 / 9 = 55,6 %, Sebagian.
    const scored = [
      ...['a', 'a', 'a', 'b', 'b'].map((member) => ({ member })),
      { member: 'gone' },
      { member: 'gone' },
    ];
    const p = projekCells(['a', 'b', 'c'], 3, scored);
    expect(p).toEqual({ expected: 9, dinilai: 5 });
    expect(percentDone(p.dinilai, p.expected)).toBe(55.6);
    expect(statusOf(p.dinilai, p.expected)).toBe('sebagian');
  });

  it('expects nothing of a class without sub-elements ("-") and flags a Merdeka class without a project', () => {
    const p = projekCells(['a', 'b'], 0, []);
    expect(p).toEqual({ expected: 0, dinilai: 0 });
    expect(percentDone(p.dinilai, p.expected)).toBeNull();
    expect(statusOf(p.dinilai, p.expected)).toBeNull();
    expect(tanpaProjek('p5', true, 0)).toBe(true);
    expect(tanpaProjek('p5', false, 0)).toBe(false);
    expect(tanpaProjek('p5', true, 1)).toBe(false);
    expect(tanpaProjek('kokurikuler', true, 0)).toBe(false);
  });
});

describe('Nilai UKK counting (issue #14 item 6)', () => {
  it('splits the scored pupils at 70: Kompeten / Belum Kompeten, null not scored', () => {
    // 85, 70 Kompeten; 69, 0 Belum Kompeten (0 is a real score); null not scored → 4 / 5 = 80,0 %.
    const c = countUkk([85, 69, null, 70, 0]);
    expect(c).toEqual({ expected: 5, dinilai: 4, kompeten: 2, belum_kompeten: 2 });
    expect(percentDone(c.dinilai, c.expected)).toBe(80);
    expect(statusOf(c.dinilai, c.expected)).toBe('sebagian');
  });

  it('nobody in the plan: "-"', () => {
    expect(countUkk([])).toEqual({ expected: 0, dinilai: 0, kompeten: 0, belum_kompeten: 0 });
    expect(statusOf(0, 0)).toBeNull();
  });
});
