import { KENAIKAN_MESSAGES } from '@erapor/contract/wali-kelas/kenaikan';
import { describe, expect, it } from 'vitest';
import { changedKeys, choose, loadedDraft, toEdits } from './kenaikan-draft';

const row = (id: string, status: number | null, nama_kelas: string | null) => ({
  anggota_rombel_id: id,
  nama: id,
  nisn: null,
  status,
  nama_kelas,
  updated_at: null,
});

describe('kenaikan draft', () => {
  const loaded = loadedDraft([row('a', 1, 'XI TKJ 1'), row('b', null, null), row('c', 2, 'X TKJ 1')]);

  it('choosing a status sets the class the rule implies', () => {
    expect(choose(2, loaded.b, 'X TKJ 1')).toEqual({ status: 2, nama_kelas: 'X TKJ 1' });
    expect(choose(1, loaded.a, 'X TKJ 1')).toEqual({ status: 1, nama_kelas: 'XI TKJ 1' });
    expect(choose(1, loaded.c, 'X TKJ 1')).toEqual({ status: 1, nama_kelas: null });
    // Back to Naik after Tidak Naik: the class loaded is offered again.
    expect(choose(1, { status: 2, nama_kelas: 'X TKJ 1' }, 'X TKJ 1', loaded.a)).toEqual({
      status: 1,
      nama_kelas: 'XI TKJ 1',
    });
    expect(choose(3, loaded.a, 'XII TKJ 1')).toEqual({ status: 3, nama_kelas: null });
    expect(choose(null, loaded.a, 'X TKJ 1')).toEqual({ status: null, nama_kelas: null });
  });

  it('finds the changed pupils (blanks around a class name change nothing)', () => {
    expect(changedKeys(loaded, loaded)).toEqual([]);
    const draft = {
      ...loaded,
      a: { status: 1, nama_kelas: ' XI TKJ 1 ' },
      b: { status: 2, nama_kelas: 'X TKJ 1' },
    };
    expect(changedKeys(draft, loaded)).toEqual(['b']);
    expect(changedKeys({ ...loaded, c: { status: null, nama_kelas: null } }, loaded)).toEqual(['c']);
  });

  it('refuses Naik without a class before sending, with what was loaded as sebelumnya', () => {
    const draft = { ...loaded, b: { status: 1, nama_kelas: null }, c: { status: null, nama_kelas: null } };
    const out = toEdits(['b', 'c'], draft, loaded, { nama: 'X TKJ 1', options: [1, 2] });
    expect(out.problems).toEqual({ b: KENAIKAN_MESSAGES.rombelKosong });
    expect(out.edits).toEqual([
      { anggota_rombel_id: 'b', status: 1, nama_kelas: null, sebelumnya: null },
      {
        anggota_rombel_id: 'c',
        status: null,
        nama_kelas: null,
        sebelumnya: { status: 2, nama_kelas: 'X TKJ 1' },
      },
    ]);
  });
});
