/**
 * NIK (Nomor Induk Kependudukan), the 16-digit national ID number:
 *
 *   digits 1–6   the Kemendagri code of the kecamatan where it was issued (province 2, kab/kota 2,
 *                kecamatan 2) — `kode_dagri` of ref_mst_wilayah level 3;
 *   digits 7–12  the birth date DDMMYY, with 40 added to the day for women (a woman born on
 *                5 March 1990 has 450390);
 *   digits 13–16 a serial number, never 0000.
 *
 * Pure: the caller says which region codes exist (the server looks them up in ref_mst_wilayah).
 */

export const NIK_MESSAGES = {
  required: 'NIK tidak boleh kosong!',
  digits: 'NIK harus berupa angka!',
  length: 'NIK harus 16 digit!',
  region: (code: string) => `Kode wilayah NIK (6 digit pertama: ${code}) tidak dikenal!`,
  date: 'Tanggal lahir pada NIK (digit 7–12, DDMMYY) tidak valid!',
  serial: 'Nomor urut NIK (4 digit terakhir) tidak boleh 0000!',
  birthDateMismatch: 'Tanggal lahir pada NIK tidak sesuai dengan Tanggal Lahir!',
  genderMismatch: 'Jenis kelamin pada NIK (tanggal +40 untuk perempuan) tidak sesuai dengan Jenis Kelamin!',
} as const;

export interface DecodedNik {
  /** The 6-digit Kemendagri kecamatan code. */
  region: string;
  day: number;
  month: number;
  /** The two last digits of the birth year. */
  yy: number;
  jenisKelamin: 'L' | 'P';
  serial: string;
}

function daysInMonth(month: number, yy: number): number {
  if (month === 2) return yy % 4 === 0 ? 29 : 28; // 00 may be 2000 (leap): allow the 29th
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a well-formed NIK, or null when it is not 16 digits with a possible date. */
export function decodeNik(nik: string): DecodedNik | null {
  if (!/^\d{16}$/.test(nik)) return null;
  const rawDay = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const woman = rawDay > 40;
  const day = woman ? rawDay - 40 : rawDay;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, yy)) return null;
  return {
    region: nik.slice(0, 6),
    day,
    month,
    yy,
    jenisKelamin: woman ? 'P' : 'L',
    serial: nik.slice(12),
  };
}

export interface NikCheck {
  /** Whether a 6-digit kecamatan code exists; without it the region is not checked. */
  isRegion?: (code: string) => boolean;
  /** The person's birth date (YYYY-MM-DD): the NIK's date must match it. */
  tanggalLahir?: string | null;
  /** The person's sex: the NIK's day (+40 or not) must match it. */
  jenisKelamin?: string | null;
}

/** The first problem with a NIK as an Indonesian message, or null when it is valid. */
export function validateNik(value: string | null | undefined, check: NikCheck = {}): string | null {
  const nik = (value ?? '').trim();
  if (nik === '') return NIK_MESSAGES.required;
  if (!/^\d+$/.test(nik)) return NIK_MESSAGES.digits;
  if (nik.length !== 16) return NIK_MESSAGES.length;
  const region = nik.slice(0, 6);
  if (check.isRegion && !check.isRegion(region)) return NIK_MESSAGES.region(region);
  const decoded = decodeNik(nik);
  if (!decoded) return NIK_MESSAGES.date;
  if (decoded.serial === '0000') return NIK_MESSAGES.serial;
  const lahir = /^(\d{4})-(\d{2})-(\d{2})$/.exec(check.tanggalLahir ?? '');
  if (lahir) {
    const [, y, m, d] = lahir;
    if (Number(d) !== decoded.day || Number(m) !== decoded.month || Number(y) % 100 !== decoded.yy) {
      return NIK_MESSAGES.birthDateMismatch;
    }
  }
  if (
    (check.jenisKelamin === 'L' || check.jenisKelamin === 'P') &&
    check.jenisKelamin !== decoded.jenisKelamin
  ) {
    return NIK_MESSAGES.genderMismatch;
  }
  return null;
}
