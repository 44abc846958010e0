import { describe, expect, it } from 'vitest';
import {
  fase,
  formatTanggal,
  hari,
  isKelasAkhir,
  judulKenaikan,
  namaKelompokRapor,
  namaKementerian,
  nomorPegawai,
  sectionLetters,
  splitJabatan,
  tanggalRapor,
  teksKenaikan,
  tempatRapor,
} from './rapor';

const settings = { tanggal_rapor: '2026-12-18', tanggal_rapor_kelas_akhir: '2027-05-05' };

describe('report date', () => {
  it('uses tanggal_rapor in Ganjil, whatever the class', () => {
    expect(tanggalRapor(settings, { semesterId: '20261', tingkat: 12, empatTahun: false })).toBe(
      '2026-12-18',
    );
  });
  it('uses tanggal_rapor_kelas_akhir in Genap from tingkat 12', () => {
    expect(tanggalRapor(settings, { semesterId: '20252', tingkat: 12, empatTahun: false })).toBe(
      '2027-05-05',
    );
    expect(tanggalRapor(settings, { semesterId: '20252', tingkat: 11, empatTahun: false })).toBe(
      '2026-12-18',
    );
  });
  it('waits for tingkat 13 in a four-year programme', () => {
    expect(tanggalRapor(settings, { semesterId: '20252', tingkat: 12, empatTahun: true })).toBe('2026-12-18');
    expect(tanggalRapor(settings, { semesterId: '20252', tingkat: 13, empatTahun: true })).toBe('2027-05-05');
    expect(isKelasAkhir(12, true)).toBe(false);
    expect(isKelasAkhir(13, true)).toBe(true);
  });
  it('falls back to tanggal_rapor when the last-class date is unset, null when neither is', () => {
    const only = { tanggal_rapor: '2026-06-20', tanggal_rapor_kelas_akhir: null };
    expect(tanggalRapor(only, { semesterId: '20252', tingkat: 12, empatTahun: false })).toBe('2026-06-20');
    const none = { tanggal_rapor: null, tanggal_rapor_kelas_akhir: null };
    expect(tanggalRapor(none, { semesterId: '20261', tingkat: 10, empatTahun: false })).toBeNull();
  });
  it('prints the date in Indonesian', () => {
    expect(formatTanggal('2026-12-18')).toBe('18 Desember 2026');
    expect(formatTanggal('2027-01-05')).toBe('5 Januari 2027');
    expect(formatTanggal('2026-13-01')).toBe('2026-13-01');
    expect(formatTanggal(null)).toBe('');
  });
});

describe('place', () => {
  it('is the Tempat Rapor setting, else the kabupaten/kota without its prefix', () => {
    expect(tempatRapor('Soreang', 'Kab. Bandung')).toBe('Soreang');
    expect(tempatRapor(null, 'Kab. Bandung')).toBe('Bandung');
    expect(tempatRapor('  ', 'Kota Bandung')).toBe('Bandung');
    expect(tempatRapor(null, 'Kota Adm. Jakarta Selatan')).toBe('Jakarta Selatan');
  });
});

describe('head teacher title', () => {
  it('splits Plt./Plh. off the office', () => {
    expect(splitJabatan('Kepala Sekolah')).toEqual({ awalan: null, jabatan: 'Kepala Sekolah' });
    expect(splitJabatan('Plt. Kepala Sekolah')).toEqual({ awalan: 'Plt.', jabatan: 'Kepala Sekolah' });
    expect(splitJabatan('PLH Kepala Sekolah')).toEqual({ awalan: 'Plh.', jabatan: 'Kepala Sekolah' });
    expect(splitJabatan(null)).toEqual({ awalan: null, jabatan: 'Kepala Sekolah' });
  });
});

describe('staff number', () => {
  it('prints the number, or a dash without one', () => {
    expect(nomorPegawai('nip', '198001012005011001')).toBe('NIP. 198001012005011001');
    expect(nomorPegawai('nip', null)).toBe('NIP. -');
    expect(nomorPegawai('nip', ' ')).toBe('NIP. -');
    expect(nomorPegawai('nuptk', null)).toBe('NUPTK. -');
    expect(nomorPegawai('niy', '12.345')).toBe('NIY. 12.345');
  });
});

describe('section letters', () => {
  const letters = (ctx: Parameters<typeof sectionLetters>[0]) =>
    sectionLetters(ctx).map((s) => `${s.huruf}:${s.section}`);
  it('Merdeka, Ganjil 20261, class X: no Sikap, no PKL, no Kenaikan', () => {
    expect(letters({ merdeka: true, semesterId: '20261', tingkat: 10, adaPkl: false })).toEqual([
      'A:nilai',
      'B:kokurikuler',
      'C:ekstrakurikuler',
      'D:ketidakhadiran',
      'E:catatan',
    ]);
  });
  it('K13, Genap 20242, class XI with PKL: Sikap first, no Kokurikuler nor Catatan before 20251', () => {
    expect(letters({ merdeka: false, semesterId: '20242', tingkat: 11, adaPkl: true })).toEqual([
      'A:sikap',
      'B:nilai',
      'C:pkl',
      'D:ekstrakurikuler',
      'E:ketidakhadiran',
      'F:kenaikan',
    ]);
  });
  it('PKL is never printed in class X; Genap 20252 Merdeka has every other section', () => {
    expect(letters({ merdeka: true, semesterId: '20252', tingkat: 10, adaPkl: true })).toEqual([
      'A:nilai',
      'B:kokurikuler',
      'C:ekstrakurikuler',
      'D:ketidakhadiran',
      'E:catatan',
      'F:kenaikan',
    ]);
  });
});

describe('kenaikan text', () => {
  it('prints each decision', () => {
    expect(teksKenaikan({ status: 1, nama_kelas: 'XI TKJ 1' }, false)).toBe('Naik ke kelas XI TKJ 1');
    expect(teksKenaikan({ status: 2, nama_kelas: 'X TKJ 1' }, false)).toBe('Tetap dikelas X TKJ 1');
    expect(teksKenaikan({ status: 3, nama_kelas: null }, true)).toBe('LULUS');
    expect(teksKenaikan({ status: 4, nama_kelas: null }, true)).toBe('Tidak Lulus');
  });
  it('says what has not been done yet', () => {
    expect(teksKenaikan(null, false)).toBe('Belum dilakukan kenaikan kelas');
    expect(teksKenaikan(null, true)).toBe('Belum dilakukan kelulusan');
    expect(judulKenaikan(true)).toBe('Status Kelulusan');
    expect(judulKenaikan(false)).toBe('Kenaikan Kelas');
  });
});

describe('small print rules', () => {
  it('days, fase and the ministry by year', () => {
    expect(hari(0)).toBe('0 hari');
    expect(fase(10)).toBe('E');
    expect(fase(12)).toBe('F');
    expect(namaKementerian('20241')).toBe('KEMENTERIAN PENDIDIKAN DASAR DAN MENENGAH REPUBLIK INDONESIA');
    expect(namaKementerian('20232')).toBe(
      'KEMENTERIAN PENDIDIKAN, KEBUDAYAAN, RISET DAN TEKNOLOGI REPUBLIK INDONESIA',
    );
  });
});

describe('namaKelompokRapor', () => {
  it('drops the national letter in front of a kelompok, nothing else', () => {
    expect(namaKelompokRapor('A. Kelompok Mata Pelajaran Umum')).toBe('Kelompok Mata Pelajaran Umum');
    expect(namaKelompokRapor('B. Kelompok Mata Pelajaran Kejuruan')).toBe('Kelompok Mata Pelajaran Kejuruan');
    expect(namaKelompokRapor('Kelompok A (Muatan Nasional)')).toBe('Kelompok A (Muatan Nasional)');
    expect(namaKelompokRapor('Muatan Lokal')).toBe('Muatan Lokal');
    expect(namaKelompokRapor('Mata Pelajaran Pilihan')).toBe('Mata Pelajaran Pilihan');
  });
});
