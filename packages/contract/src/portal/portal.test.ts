import { describe, expect, it } from 'vitest';
import { rilisNilai } from './portal';

describe('rilisNilai: when a pupil sees a semester’s grades', () => {
  const base = { semesterId: '20261', activeSemesterId: '20261', kunciNilai: false, dibukaSekolah: false };
  it('a semester before the active one is released, whatever its lock', () => {
    expect(rilisNilai({ ...base, semesterId: '20252' })).toBe('semester-lalu');
    expect(rilisNilai({ ...base, semesterId: '20242', dibukaSekolah: false })).toBe('semester-lalu');
  });
  it('the active semester: only once the wali locks the class or the school opens it', () => {
    expect(rilisNilai(base)).toBe('belum');
    expect(rilisNilai({ ...base, kunciNilai: true })).toBe('kunci-nilai');
    expect(rilisNilai({ ...base, dibukaSekolah: true })).toBe('dibuka-sekolah');
    expect(rilisNilai({ ...base, kunciNilai: true, dibukaSekolah: true })).toBe('kunci-nilai');
  });
  it('a semester after the active one, or no active semester, is never "semester lalu"', () => {
    expect(rilisNilai({ ...base, semesterId: '20262' })).toBe('belum');
    expect(rilisNilai({ ...base, activeSemesterId: null })).toBe('belum');
  });
});
