import {
  IDENTITAS_PEGAWAI,
  type IdentitasPegawai,
  SETTING_MESSAGES,
  type SekolahIdentityResponse,
  type SettingsResponse,
  SUMBER_DAPODIK_SETTING,
  sumberDapodik,
  type UpdateSettings,
} from '@erapor/contract/sekolah';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { guru, rombonganBelajar } from '../../db/tables/referensi';
import { sekolah, sekolahLogo } from '../../db/tables/sekolah';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { decryptText, encryptText } from '../../secrets';
import {
  clearSekolahCaches,
  getActiveSemester,
  getSemester,
  getSettings,
  listSemesters,
  setActiveSemester,
  setSetting,
} from './service';

/**
 * The "Pengaturan Umum" page (reference-screens §5.1, reference-domain §10).
 * Keys per semester: tanggal_rapor, tanggal_rapor_kelas_akhir, tanggal_rapor_pts, kepala_sekolah
 * (guru_id), jabatan, rombel_4_tahun (JSON array), status_penilaian ('1'/'0'), rilis_nilai_siswa ('1'/'0').
 * Keys per school: zona, tempat_rapor, identitas_pegawai ('nip'|'nuptk'|'niy'), url_dapodik,
 * token_dapodik (AES-GCM, never sent back).
 */
export const SETTING_KEYS = {
  tanggalRapor: 'tanggal_rapor',
  tanggalRaporKelasAkhir: 'tanggal_rapor_kelas_akhir',
  tanggalRaporPts: 'tanggal_rapor_pts',
  kepalaSekolah: 'kepala_sekolah',
  jabatan: 'jabatan',
  rombel4Tahun: 'rombel_4_tahun',
  tempatRapor: 'tempat_rapor',
  identitasPegawai: 'identitas_pegawai',
  statusPenilaian: 'status_penilaian',
  /** '1': this semester's grades are shown to pupils before the classes are locked (issue #15). */
  rilisNilaiSiswa: 'rilis_nilai_siswa',
  /** '1': the pupil portal's Teman Sekelas shows classmates' e-mail and phone (per school; default hidden). */
  kontakTemanSekelas: 'kontak_teman_sekelas',
  zona: 'zona',
  urlDapodik: 'url_dapodik',
  tokenDapodik: 'token_dapodik',
  sumberDapodik: SUMBER_DAPODIK_SETTING,
  /** The school's backup schedule, JSON of the contract's CadanganJadwal (cadangan/jadwal.ts). */
  cadanganJadwal: 'cadangan_jadwal',
  /** The last scheduled backup: JSON { waktu, gagal } (cadangan/jadwal.ts). */
  cadanganJadwalHasil: 'cadangan_jadwal_hasil',
  /** The version of the stored-image check last run for the school (stored-images.ts, decision 049). */
  gambarDiperiksa: 'gambar_diperiksa',
  /** Notes of stored images that check dropped: JSON of the contract's CatatanGambar[]. */
  gambarDibuang: 'gambar_dibuang',
} as const;

type SekolahRow = typeof sekolah.$inferSelect;

export function logoUrl(sekolahId: string, version: Date | null): string | null {
  return version ? `/api/setting/logo/${sekolahId}?v=${version.getTime().toString(36)}` : null;
}

export async function getSekolahIdentity(db: Db, sekolahId: string): Promise<SekolahIdentityResponse> {
  const [row] = await db
    .select({ s: sekolah, logoAt: sekolahLogo.updatedAt })
    .from(sekolah)
    .leftJoin(sekolahLogo, eq(sekolahLogo.sekolahId, sekolah.sekolahId))
    .where(eq(sekolah.sekolahId, sekolahId))
    .limit(1);
  if (!row) throw notFound();
  return toIdentity(row.s, row.logoAt);
}

function toIdentity(s: SekolahRow, logoAt: Date | null): SekolahIdentityResponse {
  return {
    sekolah_id: s.sekolahId,
    npsn: s.npsn,
    nama: s.nama,
    nss: s.nss,
    alamat: s.alamat,
    desa_kelurahan: s.desaKelurahan,
    kecamatan: s.kecamatan,
    kabupaten: s.kabupaten,
    provinsi: s.provinsi,
    kode_pos: s.kodePos,
    no_telp: s.noTelp,
    email: s.email,
    website: s.website,
    logo_url: logoUrl(s.sekolahId, logoAt),
  };
}

/** The stored choice of staff number, NIP when unset or unknown. */
export function identitasPegawai(value: string | null | undefined): IdentitasPegawai {
  return IDENTITAS_PEGAWAI.find((i) => i.value === value)?.value ?? 'nip';
}

function parseIdList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Guru (teachers, not tendik/asesor lists: any PTK of the school that has not been deleted). */
async function guruOptions(db: Db, sekolahId: string) {
  const rows = await db
    .select({ value: guru.guruId, label: guru.nama })
    .from(guru)
    .where(and(eq(guru.sekolahId, sekolahId), isNull(guru.deletedAt)))
    .orderBy(asc(guru.nama));
  return rows;
}

/** Regular rombels of class 11–13 (the candidates for "rombel 4 tahun"). */
async function rombel4TahunOptions(db: Db, sekolahId: string, semesterId: string) {
  return db
    .select({ value: rombonganBelajar.rombonganBelajarId, label: rombonganBelajar.nama })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, sekolahId),
        eq(rombonganBelajar.semesterId, semesterId),
        eq(rombonganBelajar.jenisRombel, 1),
        inArray(rombonganBelajar.tingkat, [11, 12, 13]),
        isNull(rombonganBelajar.deletedAt),
      ),
    )
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
}

export async function getSettingsPage(db: Db, actor: Actor): Promise<SettingsResponse> {
  const [values, semesters, active, identity, gurus, rombels] = await Promise.all([
    getSettings(db, actor, actor.semesterId),
    listSemesters(db),
    getActiveSemester(db),
    getSekolahIdentity(db, actor.sekolahId),
    guruOptions(db, actor.sekolahId),
    rombel4TahunOptions(db, actor.sekolahId, actor.semesterId),
  ]);
  const v = (k: string) => values[k] ?? null;
  return {
    semester_id: actor.semesterId,
    periode_aktif: active?.semester_id ?? null,
    semesters,
    tanggal_rapor: v(SETTING_KEYS.tanggalRapor),
    tanggal_rapor_kelas_akhir: v(SETTING_KEYS.tanggalRaporKelasAkhir),
    tanggal_rapor_pts: v(SETTING_KEYS.tanggalRaporPts),
    kepala_sekolah: v(SETTING_KEYS.kepalaSekolah),
    jabatan: v(SETTING_KEYS.jabatan),
    zona: v(SETTING_KEYS.zona),
    rombel_4_tahun: parseIdList(v(SETTING_KEYS.rombel4Tahun)),
    tempat_rapor: v(SETTING_KEYS.tempatRapor),
    identitas_pegawai: identitasPegawai(v(SETTING_KEYS.identitasPegawai)),
    url_dapodik: v(SETTING_KEYS.urlDapodik),
    token_dapodik_tersimpan: Boolean(v(SETTING_KEYS.tokenDapodik)),
    sumber_dapodik: sumberDapodik(v(SETTING_KEYS.sumberDapodik)),
    rilis_nilai_siswa: v(SETTING_KEYS.rilisNilaiSiswa) === '1',
    kontak_teman_sekelas: v(SETTING_KEYS.kontakTemanSekelas) === '1',
    sekolah: identity,
    guru_options: gurus,
    rombel_options: rombels,
  };
}

export interface LogoUpload {
  mimeType: 'image/jpeg' | 'image/png';
  data: Buffer;
}

/**
 * Saves the whole page in one transaction: the values, the active semester, the school identity
 * and (when given) the logo. Any invalid field: nothing is written.
 */
export async function saveSettings(
  db: Db,
  actor: Actor,
  input: UpdateSettings,
  options: { encryptionKey: Buffer; logo?: LogoUpload | null },
): Promise<void> {
  if (!(await getSemester(db, input.periode_aktif))) {
    throw fieldError('periode_aktif', SETTING_MESSAGES.periodeUnknown);
  }
  if (input.kepala_sekolah) {
    const [g] = await db
      .select({ id: guru.guruId })
      .from(guru)
      .where(
        and(
          eq(guru.guruId, input.kepala_sekolah),
          eq(guru.sekolahId, actor.sekolahId),
          isNull(guru.deletedAt),
        ),
      )
      .limit(1);
    if (!g) throw fieldError('kepala_sekolah', SETTING_MESSAGES.kepalaSekolahUnknown);
  }
  const rombel4 = [...new Set(input.rombel_4_tahun)];
  if (rombel4.length > 0) {
    const allowed = new Set(
      (await rombel4TahunOptions(db, actor.sekolahId, actor.semesterId)).map((r) => r.value),
    );
    if (!rombel4.every((id) => allowed.has(id))) {
      throw fieldError('rombel_4_tahun', SETTING_MESSAGES.rombel4TahunUnknown);
    }
  }
  const sem = actor.semesterId;
  const perSemester: [string, string | null][] = [
    [SETTING_KEYS.tanggalRapor, input.tanggal_rapor],
    [SETTING_KEYS.tanggalRaporKelasAkhir, input.tanggal_rapor_kelas_akhir],
    [SETTING_KEYS.tanggalRaporPts, input.tanggal_rapor_pts],
    [SETTING_KEYS.kepalaSekolah, input.kepala_sekolah],
    [SETTING_KEYS.jabatan, input.jabatan],
    [SETTING_KEYS.rombel4Tahun, JSON.stringify(rombel4)],
  ];
  if (input.rilis_nilai_siswa !== undefined) {
    perSemester.push([SETTING_KEYS.rilisNilaiSiswa, input.rilis_nilai_siswa ? '1' : '0']);
  }
  const perSchool: [string, string | null][] = [
    [SETTING_KEYS.zona, input.zona],
    [SETTING_KEYS.tempatRapor, input.tempat_rapor],
    [SETTING_KEYS.urlDapodik, input.url_dapodik],
  ];
  if (input.kontak_teman_sekelas !== undefined) {
    perSchool.push([SETTING_KEYS.kontakTemanSekelas, input.kontak_teman_sekelas ? '1' : '0']);
  }
  if (input.identitas_pegawai) perSchool.push([SETTING_KEYS.identitasPegawai, input.identitas_pegawai]);
  if (input.sumber_dapodik) perSchool.push([SETTING_KEYS.sumberDapodik, input.sumber_dapodik]);
  // Omitted or empty token: keep the stored one; null: forget it.
  if (input.token_dapodik === null) perSchool.push([SETTING_KEYS.tokenDapodik, null]);
  else if (input.token_dapodik) {
    perSchool.push([SETTING_KEYS.tokenDapodik, encryptText(options.encryptionKey, input.token_dapodik)]);
  }
  const s = input.sekolah;
  await db.transaction(async (tx) => {
    for (const [key, value] of perSemester) await setSetting(tx, actor, { key, value, semesterId: sem });
    for (const [key, value] of perSchool) await setSetting(tx, actor, { key, value, semesterId: null });
    await tx
      .update(sekolah)
      .set({
        nama: s.nama,
        nss: s.nss,
        alamat: s.alamat,
        desaKelurahan: s.desa_kelurahan,
        kecamatan: s.kecamatan,
        kabupaten: s.kabupaten,
        provinsi: s.provinsi,
        kodePos: s.kode_pos,
        noTelp: s.no_telp,
        email: s.email,
        website: s.website,
        updatedAt: sql`now()`,
      })
      .where(eq(sekolah.sekolahId, actor.sekolahId));
    if (options.logo) {
      await tx
        .insert(sekolahLogo)
        .values({ sekolahId: actor.sekolahId, mimeType: options.logo.mimeType, data: options.logo.data })
        .onConflictDoUpdate({
          target: sekolahLogo.sekolahId,
          set: { mimeType: options.logo.mimeType, data: options.logo.data, updatedAt: sql`now()` },
        });
    }
    const active = await getActiveSemester(tx);
    if (active?.semester_id !== input.periode_aktif) await setActiveSemester(tx, input.periode_aktif);
  });
  clearSekolahCaches(db);
}

export async function getLogo(db: Db, sekolahId: string): Promise<{ mimeType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ mimeType: sekolahLogo.mimeType, data: sekolahLogo.data })
    .from(sekolahLogo)
    .where(eq(sekolahLogo.sekolahId, sekolahId))
    .limit(1);
  return row ?? null;
}

/** The stored Dapodik token in plain text, for the synchronisation only (never for the browser). */
export async function getDapodikToken(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  encryptionKey: Buffer,
): Promise<string | null> {
  const sealed = (await getSettings(db, actor, actor.semesterId))[SETTING_KEYS.tokenDapodik];
  if (!sealed) return null;
  try {
    return decryptText(encryptionKey, sealed);
  } catch {
    throw new AppError(
      500,
      'TOKEN_UNREADABLE',
      'Token Dapodik tersimpan tidak dapat dibaca (kunci enkripsi berubah). Simpan ulang token di Pengaturan Umum.',
    );
  }
}

// --- Status penilaian (school-wide "assessment open" switch, per semester) ---

/** Open unless the administrator closed it: a new semester starts open. */
export async function getStatusPenilaian(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
): Promise<boolean> {
  const value = (await getSettings(db, actor, actor.semesterId))[SETTING_KEYS.statusPenilaian];
  return value !== '0';
}

export async function setStatusPenilaian(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
  status: boolean,
): Promise<void> {
  await setSetting(db, actor, {
    key: SETTING_KEYS.statusPenilaian,
    value: status ? '1' : '0',
    semesterId: actor.semesterId,
  });
}

/** The head teacher of the semester: the setting, else nobody. */
export async function kepalaSekolahName(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
): Promise<string | null> {
  const id = (await getSettings(db, actor, actor.semesterId))[SETTING_KEYS.kepalaSekolah];
  if (!id) return null;
  const [row] = await db
    .select({ nama: guru.nama })
    .from(guru)
    .where(and(eq(guru.guruId, id), eq(guru.sekolahId, actor.sekolahId)))
    .limit(1);
  return row?.nama ?? null;
}
