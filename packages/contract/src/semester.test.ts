import { describe, expect, it } from 'vitest';
import { makeSemester, semesterOfDate, semestersUpTo } from './semester';

describe('semesters', () => {
  it('July starts the ganjil semester of a new tahun ajaran', () => {
    expect(semesterOfDate(new Date('2026-07-01T00:00:00Z'))).toEqual(makeSemester(2026, 1));
    expect(semesterOfDate(new Date('2026-11-21T00:00:00Z')).semester_id).toBe('20261');
    expect(semesterOfDate(new Date('2026-06-30T00:00:00Z')).semester_id).toBe('20252');
    expect(semesterOfDate(new Date('2027-01-05T00:00:00Z')).nama).toBe('2026/2027 Genap');
  });

  it('lists every semester up to today', () => {
    const list = semestersUpTo(2024, new Date('2026-11-21T00:00:00Z'));
    expect(list.map((s) => s.semester_id)).toEqual(['20241', '20242', '20251', '20252', '20261']);
    expect(list[0]?.nama).toBe('2024/2025 Ganjil');
  });
});
