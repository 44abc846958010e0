import { describe, expect, it } from 'vitest';
import { PENILAIAN_GATE_MESSAGES, penilaianGate } from './gate';

describe('penilaianGate', () => {
  it('is open only when the school switch is on and the class is not locked', () => {
    expect(penilaianGate(true, false)).toEqual({ open: true });
    expect(penilaianGate(true, true)).toEqual({ open: false, reason: 'lockedByWali' });
    expect(penilaianGate(false, false)).toEqual({ open: false, reason: 'closedBySchool' });
  });
  it('names the administrator when both are closed', () => {
    expect(penilaianGate(false, true)).toEqual({ open: false, reason: 'closedBySchool' });
    expect(PENILAIAN_GATE_MESSAGES.closedBySchool).toBe(
      'Penilaian tidak aktif. Silahkan hubungi administrator!',
    );
  });
});
