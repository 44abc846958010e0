import { describe, expect, it } from 'vitest';
import { FIXTURE_PUPILS, FIXTURE_SUBJECTS, FIXTURE_TOTALS } from '../test/monitoring-fixture';
import { countProgress, percentDone, statusOf, sumProgress } from './counting';

// The hand-computed school (../test/monitoring-fixture.ts): the pure rules give the hand values.
function progressOf(s: (typeof FIXTURE_SUBJECTS)[number]) {
  const pupils = FIXTURE_PUPILS.filter((p) => p.rombel === s.rombel).map((p) => ({
    agamaId: p.agama,
    left: p.left !== undefined,
    hasNilaiAkhir: s.graded.includes(p.key),
  }));
  return countProgress(s.mapel, pupils);
}

describe('the hand-computed fixture', () => {
  for (const s of FIXTURE_SUBJECTS) {
    it(`${s.key}: ${s.expect.dinilai} / ${s.expect.expected}`, () => {
      const p = progressOf(s);
      expect({
        expected: p.expected,
        dinilai: p.dinilai,
        percent: percentDone(p.dinilai, p.expected),
        status: statusOf(p.dinilai, p.expected),
      }).toEqual(s.expect);
    });
  }

  it('adds up per class and for the school', () => {
    for (const k of FIXTURE_TOTALS.kelas) {
      const sum = sumProgress(FIXTURE_SUBJECTS.filter((s) => s.rombel === k.rombel).map(progressOf));
      expect({ ...sum, percent: percentDone(sum.dinilai, sum.expected) }).toEqual({
        expected: k.expected,
        dinilai: k.dinilai,
        percent: k.percent,
      });
    }
    const all = sumProgress(FIXTURE_SUBJECTS.map(progressOf));
    expect(percentDone(all.dinilai, all.expected)).toBe(FIXTURE_TOTALS.school.percent);
    expect(all).toEqual({ expected: FIXTURE_TOTALS.school.expected, dinilai: FIXTURE_TOTALS.school.dinilai });
  });
});
