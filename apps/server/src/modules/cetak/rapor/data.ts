import {
  fase,
  formatTanggal,
  isKelasAkhir,
  splitJabatan,
  tanggalRapor,
  tempatRapor,
} from '@erapor/contract/cetak/rapor';
import { agamaOfMapel, isMerdeka, isP5Mapel, kompetensiNilaiAkhir } from '@erapor/contract/penilaian/rules';
import { subMapelDeskripsi } from '@erapor/contract/penilaian/sub-mapel';
import { lamanyaBulan } from '@erapor/contract/pkl/rules';
import { alamatDudi } from '@erapor/contract/pkl/wali';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sqlRows, textOrNull } from '../../../db/sql-rows';
import { type Penandatangan, penandatangan } from '../../referensi/gtk/penandatangan';
import { getSettings } from '../../sekolah/service';
import { identitasPegawai, SETTING_KEYS } from '../../sekolah/settings';
import type { PrintableRombel } from '../access';

export { type Penandatangan, penandatangan };

/*
 * Everything the report cards of one class need (docs/decisions/031-cetak-rapor.md), read in a
 * fixed number of queries whatever the class size — the bulk job renders whole classes from it:
 * the school, settings and signatories once; then pupils, subjects, grades with their capaian,
 * ekskul, absences, homeroom notes, K13 attitude summaries, kenaikan and PKL placements, each one query for the
 * whole class. Nothing here writes; other screens fill these tables.
 */

type Row = Record<string, unknown>;
/** A date column as "YYYY-MM-DD" (node-postgres gives Date objects, PGlite strings). */
const isoDate = (v: unknown) =>
  v instanceof Date
    ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`
    : textOrNull(v);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface MapelRapor {
  /** The subject's pembelajaran (the pupil portal links its TP detail; not printed). */
  pembelajaranId: string;
  /** The subject (ref mata_pelajaran) of the parent pembelajaran: the transcript's row key; not printed. */
  mataPelajaranId: number;
  nama: string;
  /** The stored nilai akhir; null prints "-". */
  nilai: number | null;
  /** Achieved text, then the needs-improvement text, as stored (empty ones left out). */
  capaian: string[];
}

export interface KelompokRapor {
  nama: string;
  mapel: MapelRapor[];
}

export interface SiswaRapor {
  anggotaRombelId: string;
  nama: string;
  nis: string | null;
  nisn: string | null;
  tempatLahir: string | null;
  tanggalLahir: string | null;
  jenisKelamin: string | null;
  agama: string | null;
  statusDalamKeluarga: string | null;
  anakKe: number | null;
  alamat: string | null;
  telepon: string | null;
  sekolahAsal: string | null;
  diterimaKelas: string | null;
  diterima: string | null;
  namaAyah: string | null;
  namaIbu: string | null;
  kerjaAyah: string | null;
  kerjaIbu: string | null;
  namaWali: string | null;
  alamatWali: string | null;
  telpWali: string | null;
  kerjaWali: string | null;
  kelompok: KelompokRapor[];
  /** Subjects without a stored grade / without a capaian text (for Kelengkapan). */
  tanpaNilai: number;
  tanpaCapaian: number;
  ekskul: { nama: string; keterangan: string | null }[];
  /** null: nothing stored (printed as 0 hari, flagged in Kelengkapan). */
  absensi: { sakit: number; izin: number; alpa: number } | null;
  catatanWali: string | null;
  kokurikuler: string | null;
  /** K13 "A. Sikap": one summary per dimension, in the dimensions' order. */
  sikap: { dimensi: string; catatan: string }[];
  kenaikan: { status: number; nama_kelas: string | null } | null;
  /**
   * The report's PKL section, one row per placement in the class's plans (issue #12 item 5):
   * Mitra DU/DI, Lokasi (the DUDI's address), Lamanya (bulan), Keterangan (the supervisor's catatan).
   */
  pkl: { mitra: string; lokasi: string | null; lamanya: number; keterangan: string | null }[];
}

export interface RaporKelas {
  sekolah: {
    nama: string;
    npsn: string;
    nss: string | null;
    alamat: string | null;
    kodePos: string | null;
    noTelp: string | null;
    desaKelurahan: string | null;
    kecamatan: string | null;
    kabupaten: string | null;
    provinsi: string | null;
    website: string | null;
    email: string | null;
    /** The uploaded logo (JPEG/PNG) as a data URL, for the cover; null when none. */
    logo: string | null;
  };
  semester: { id: string; tahunPelajaran: string; nama: string; genap: boolean };
  kelas: {
    id: string;
    nama: string;
    tingkat: number;
    merdeka: boolean;
    fase: 'E' | 'F';
    /** The class graduates (its kenaikan is a kelulusan). */
    kelulusan: boolean;
  };
  tempat: string;
  /** "18 Desember 2026", or null when unset. */
  tanggal: string | null;
  wali: Penandatangan | null;
  kepalaSekolah: (Penandatangan & { awalan: string | null }) | null;
  jabatan: string;
  siswa: SiswaRapor[];
}

/** The report data of a class's pupils (all of them, or the given memberships). */
export async function raporKelas(
  db: Db,
  kelas: PrintableRombel & { sekolahId: string },
  only?: readonly string[],
): Promise<RaporKelas> {
  const rombelId = kelas.rombonganBelajarId;
  const settings = await getSettings(db, { sekolahId: kelas.sekolahId }, kelas.semesterId);
  const [head] = await sqlRows<Row>(
    db,
    sql`select s.*, sm.nama as semester_nama, k.nama_kurikulum, r.jurusan_sp_id,
        sl.mime_type as logo_mime, sl.data as logo_data
      from sekolah s
      join rombongan_belajar r on r.rombongan_belajar_id = ${rombelId}
      left join sekolah_logo sl on sl.sekolah_id = s.sekolah_id
      left join semester sm on sm.semester_id = r.semester_id
      left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
      where s.sekolah_id = ${kelas.sekolahId}`,
  );
  if (!head) throw new Error('class without school');

  // A four-year programme: the class's jurusan has a class listed in rombel_4_tahun.
  const empatTahunIds = parseIds(settings[SETTING_KEYS.rombel4Tahun]);
  let empatTahun = false;
  if (empatTahunIds.length > 0 && head.jurusan_sp_id) {
    const ids = sql.join(
      empatTahunIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const [hit] = await sqlRows<Row>(
      db,
      sql`select 1 as x from rombongan_belajar where rombongan_belajar_id in (${ids})
        and jurusan_sp_id = ${head.jurusan_sp_id} limit 1`,
    );
    empatTahun = hit !== undefined;
  }

  const jenisNomor = identitasPegawai(settings[SETTING_KEYS.identitasPegawai]);
  const kepalaId = settings[SETTING_KEYS.kepalaSekolah] ?? null;
  const signers = await penandatangan(
    db,
    [kelas.guruId, kepalaId].filter((id): id is string => !!id),
    jenisNomor,
  );
  const jabatan = splitJabatan(settings[SETTING_KEYS.jabatan]);
  const kepala = kepalaId ? signers.get(kepalaId) : undefined;
  const merdeka = isMerdeka(textOrNull(head.nama_kurikulum));

  const siswa = await siswaKelas(db, kelas, merdeka, only);
  return {
    sekolah: {
      nama: String(head.nama),
      npsn: String(head.npsn),
      nss: textOrNull(head.nss),
      alamat: textOrNull(head.alamat),
      kodePos: textOrNull(head.kode_pos),
      noTelp: textOrNull(head.no_telp),
      desaKelurahan: textOrNull(head.desa_kelurahan),
      kecamatan: textOrNull(head.kecamatan),
      kabupaten: textOrNull(head.kabupaten),
      provinsi: textOrNull(head.provinsi),
      website: textOrNull(head.website),
      email: textOrNull(head.email),
      logo: usableLogo(head.logo_mime, head.logo_data),
    },
    semester: {
      id: kelas.semesterId,
      tahunPelajaran: (textOrNull(head.semester_nama) ?? '').split(' ')[0] ?? '',
      nama: kelas.semesterId.endsWith('2') ? '2 (Genap)' : '1 (Ganjil)',
      genap: kelas.semesterId.endsWith('2'),
    },
    kelas: {
      id: rombelId,
      nama: kelas.nama,
      tingkat: kelas.tingkat,
      merdeka,
      fase: fase(kelas.tingkat),
      kelulusan: isKelasAkhir(kelas.tingkat, empatTahun),
    },
    tempat: tempatRapor(settings[SETTING_KEYS.tempatRapor], textOrNull(head.kabupaten)),
    tanggal: ((d) => (d ? formatTanggal(d) : null))(
      tanggalRapor(
        {
          tanggal_rapor: settings[SETTING_KEYS.tanggalRapor] ?? null,
          tanggal_rapor_kelas_akhir: settings[SETTING_KEYS.tanggalRaporKelasAkhir] ?? null,
        },
        { semesterId: kelas.semesterId, tingkat: kelas.tingkat, empatTahun },
      ),
    ),
    wali: (kelas.guruId && signers.get(kelas.guruId)) || null,
    kepalaSekolah: kepala ? { ...kepala, awalan: jabatan.awalan } : null,
    jabatan: jabatan.jabatan,
    siswa,
  };
}

/**
 * The logo as a data URL: plain data that crosses to the render worker, and pdfmake embeds it
 * without reading a path or URL (pdf.ts forbids both). The upload accepted only JPEG and PNG,
 * checked by their bytes (sekolah/routes.ts), which are the two formats PDF embeds.
 */
function logoDataUrl(mime: unknown, data: unknown): string | null {
  if ((mime !== 'image/png' && mime !== 'image/jpeg') || !(data instanceof Uint8Array) || data.length === 0)
    return null;
  return `data:${mime};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
}

/**
 * The logo as stored. Whether pdfkit can embed it is tried in the render worker, before a
 * document that draws it (render-images.ts): a broken one answers that document with 422.
 */
export function usableLogo(mime: unknown, data: unknown): string | null {
  return logoDataUrl(mime, data);
}

function parseIds(value: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v))
      : [];
  } catch {
    return [];
  }
}

const JENIS_KELAMIN: Record<string, string> = { L: 'Laki-laki', P: 'Perempuan' };

async function siswaKelas(
  db: Db,
  kelas: PrintableRombel & { sekolahId: string },
  merdeka: boolean,
  only?: readonly string[],
): Promise<SiswaRapor[]> {
  const rombelId = kelas.rombonganBelajarId;
  const onlyIds =
    only && only.length > 0
      ? sql`and a.anggota_rombel_id in (${sql.join(
          only.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const pupils = await sqlRows<Row>(
    db,
    // The kabupaten/kota of the pupil's address from the region tree (§8.1 item 8): the pupil's
    // kode_wilayah is a desa (level 4) or a kecamatan (3); the kabupaten is the ancestor of level 2.
    sql`select a.anggota_rombel_id, a.peserta_didik_id, p.*, ag.nama as agama,
        pa.nama as kerja_ayah_nama, pi.nama as kerja_ibu_nama, pw.nama as kerja_wali_nama,
        case when w1.id_level_wilayah = 2 then w1.nama when w2.id_level_wilayah = 2 then w2.nama
          when w3.id_level_wilayah = 2 then w3.nama end as wilayah_kabupaten
      from anggota_rombel a
      join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
      left join ref_mst_wilayah w1 on w1.kode_wilayah = p.kode_wilayah
      left join ref_mst_wilayah w2 on w2.kode_wilayah = w1.mst_kode_wilayah
      left join ref_mst_wilayah w3 on w3.kode_wilayah = w2.mst_kode_wilayah
      left join ref_agama ag on ag.id = p.agama_id
      left join ref_pekerjaan pa on pa.pekerjaan_id = p.kerja_ayah
      left join ref_pekerjaan pi on pi.pekerjaan_id = p.kerja_ibu
      left join ref_pekerjaan pw on pw.pekerjaan_id = p.kerja_wali
      where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null ${onlyIds}
      order by p.nama, a.anggota_rombel_id`,
  );
  if (pupils.length === 0) return [];
  const pdIds = sql.join(
    pupils.map((p) => sql`${String(p.peserta_didik_id)}::uuid`),
    sql`, `,
  );
  const arIds = sql.join(
    pupils.map((p) => sql`${String(p.anggota_rombel_id)}::uuid`),
    sql`, `,
  );

  // Subjects: the class's parent subjects, then those of the elective classes (jenis 16) of the
  // semester these pupils belong to; P5 has its own report. `member` lists who takes an elective.
  const subjects = await sqlRows<Row>(
    db,
    sql`select b.pembelajaran_id, b.nama_mata_pelajaran, b.mata_pelajaran_id, b.kelompok_id, b.no_urut,
        b.rombongan_belajar_id, r.jenis_rombel, k.nama_kurikulum, kl.nama_kelompok
      from pembelajaran b
      join rombongan_belajar r on r.rombongan_belajar_id = b.rombongan_belajar_id and r.deleted_at is null
      left join ref_kurikulum k on k.kurikulum_id = r.kurikulum_id
      left join ref_kelompok kl on kl.id = b.kelompok_id
      where b.sekolah_id = ${kelas.sekolahId} and b.deleted_at is null and b.induk_pembelajaran_id is null
        and b.kelompok_id is not null and b.no_urut is not null
        and (b.rombongan_belajar_id = ${rombelId} or b.rombongan_belajar_id in (
          select e.rombongan_belajar_id from rombongan_belajar e
          join anggota_rombel ea on ea.rombongan_belajar_id = e.rombongan_belajar_id and ea.deleted_at is null
          where e.jenis_rombel = 16 and e.deleted_at is null and e.semester_id = ${kelas.semesterId}
            and ea.peserta_didik_id in (${pdIds})))
      order by (r.jenis_rombel = 16), b.kelompok_id, b.no_urut, b.nama_mata_pelajaran`,
  );
  const mapel = subjects
    .filter((s) => !isP5Mapel(Number(s.mata_pelajaran_id)))
    .map((s) => ({
      id: String(s.pembelajaran_id),
      mataPelajaranId: Number(s.mata_pelajaran_id),
      nama: String(s.nama_mata_pelajaran),
      agama: agamaOfMapel(Number(s.mata_pelajaran_id)),
      rombelId: String(s.rombongan_belajar_id),
      pilihan: Number(s.jenis_rombel) === 16,
      kelompok: textOrNull(s.nama_kelompok) ?? `Kelompok ${String(s.kelompok_id)}`,
      kompetensi: kompetensiNilaiAkhir(isMerdeka(textOrNull(s.nama_kurikulum)), false),
    }));

  // Grades and capaian through each pupil's membership of the subject's own class.
  const nilai = new Map<string, number | null>();
  const capaian = new Map<string, string[]>();
  const member = new Set<string>();
  if (mapel.length > 0) {
    const bIds = sql.join(
      mapel.map((m) => sql`${m.id}::uuid`),
      sql`, `,
    );
    const memberships = await sqlRows<Row>(
      db,
      sql`select a.peserta_didik_id, a.rombongan_belajar_id from anggota_rombel a
        where a.deleted_at is null and a.peserta_didik_id in (${pdIds})
          and a.rombongan_belajar_id in (select rombongan_belajar_id from pembelajaran where pembelajaran_id in (${bIds}))`,
    );
    for (const r of memberships) member.add(`${r.peserta_didik_id}|${r.rombongan_belajar_id}`);
    const kompetensi = new Map(mapel.map((m) => [m.id, m.kompetensi]));
    const grades = await sqlRows<Row>(
      db,
      sql`select a.peserta_didik_id, n.pembelajaran_id, n.kompetensi_id, n.nilai
        from nilai_akhir n
        join pembelajaran b on b.pembelajaran_id = n.pembelajaran_id
        join anggota_rombel a on a.anggota_rombel_id = n.anggota_rombel_id and a.deleted_at is null
          and a.rombongan_belajar_id = b.rombongan_belajar_id
        where n.pembelajaran_id in (${bIds}) and n.kompetensi_id in (1, 4) and a.peserta_didik_id in (${pdIds})`,
    );
    for (const g of grades) {
      if (kompetensi.get(String(g.pembelajaran_id)) !== Number(g.kompetensi_id)) continue;
      nilai.set(`${g.peserta_didik_id}|${g.pembelajaran_id}`, num(g.nilai));
    }
    const texts = await sqlRows<Row>(
      db,
      sql`select a.peserta_didik_id, d.pembelajaran_id, d.deskripsi_pengetahuan, d.deskripsi_keterampilan
        from deskripsi_mata_pelajaran d
        join pembelajaran b on b.pembelajaran_id = d.pembelajaran_id
        join anggota_rombel a on a.anggota_rombel_id = d.anggota_rombel_id and a.deleted_at is null
          and a.rombongan_belajar_id = b.rombongan_belajar_id
        where d.pembelajaran_id in (${bIds}) and a.peserta_didik_id in (${pdIds})`,
    );
    for (const d of texts) {
      const parts = [textOrNull(d.deskripsi_pengetahuan), textOrNull(d.deskripsi_keterampilan)].filter(
        (t): t is string => t !== null && t.trim() !== '',
      );
      capaian.set(`${d.peserta_didik_id}|${d.pembelajaran_id}`, parts);
    }
    // A parent subject prints its own text followed by its active sub-subjects' (decision 032).
    const subTexts = await sqlRows<Row>(
      db,
      sql`select a.peserta_didik_id, c.induk_pembelajaran_id, d.deskripsi_pengetahuan, d.deskripsi_keterampilan
        from deskripsi_mata_pelajaran d
        join pembelajaran c on c.pembelajaran_id = d.pembelajaran_id and c.deleted_at is null
          and c.kelompok_id is not null and c.no_urut is not null
        join anggota_rombel a on a.anggota_rombel_id = d.anggota_rombel_id and a.deleted_at is null
          and a.rombongan_belajar_id = c.rombongan_belajar_id
        where c.induk_pembelajaran_id in (${bIds}) and a.peserta_didik_id in (${pdIds})
        order by c.no_urut, c.nama_mata_pelajaran`,
    );
    const children = new Map<string, string[]>();
    for (const d of subTexts) {
      const key = `${d.peserta_didik_id}|${d.induk_pembelajaran_id}`;
      const text = [textOrNull(d.deskripsi_pengetahuan), textOrNull(d.deskripsi_keterampilan)]
        .filter((t): t is string => t !== null && t.trim() !== '')
        .join(' ');
      if (text !== '') children.set(key, [...(children.get(key) ?? []), text]);
    }
    for (const [key, texts] of children) {
      const own = (capaian.get(key) ?? []).join(' ');
      const composed = subMapelDeskripsi(own, texts);
      if (composed) capaian.set(key, [composed]);
    }
  }

  // Ekskul: the pupil's memberships of the semester's ekskul classes (jenis 51) and their grades.
  const ekskul = await sqlRows<Row>(
    db,
    sql`select m.peserta_didik_id, e.nama_ekskul, n.deskripsi_ekskul
      from anggota_rombel m
      join rombongan_belajar r on r.rombongan_belajar_id = m.rombongan_belajar_id
      join ekstrakurikuler e on e.rombongan_belajar_id = r.rombongan_belajar_id and e.deleted_at is null
      left join nilai_ekstrakurikuler n
        on n.anggota_rombel_id = m.anggota_rombel_id and n.ekstrakurikuler_id = e.ekstrakurikuler_id
      where m.deleted_at is null and r.deleted_at is null and r.jenis_rombel = 51
        and r.semester_id = ${kelas.semesterId} and m.peserta_didik_id in (${pdIds})
      order by e.nama_ekskul`,
  );
  const absensi = await sqlRows<Row>(
    db,
    sql`select anggota_rombel_id, sakit, izin, alpa from absensi where anggota_rombel_id in (${arIds})`,
  );
  const catatan = await sqlRows<Row>(
    db,
    sql`select anggota_rombel_id, type, uraian_deskripsi from catatan_wali where anggota_rombel_id in (${arIds})`,
  );
  const sikap = merdeka
    ? []
    : await sqlRows<Row>(
        db,
        sql`select c.anggota_rombel_id, d.dimensi, c.catatan from catatan_budaya_kerja c
          left join ref_p5_dimensi d on d.no = c.budaya_kerja_id
          where c.anggota_rombel_id in (${arIds}) and c.budaya_kerja_id is not null order by c.budaya_kerja_id`,
      );
  const kenaikan = await sqlRows<Row>(
    db,
    sql`select anggota_rombel_id, status, nama_kelas from kenaikan_kelas where anggota_rombel_id in (${arIds})`,
  );

  // PKL placements in the class's plans (from 2023/24; none before): the notes page's PKL section.
  const pkl = await sqlRows<Row>(
    db,
    sql`select pd.peserta_didik_id, d.nama, d.alamat_jalan, d.rt, d.rw, d.nama_dusun, d.desa_kelurahan,
        k.tanggal_mulai, k.tanggal_selesai, pd.catatan
      from praktik_kerja_lapangan k
      join pd_pkl pd on pd.pkl_id = k.pkl_id
      join akt_pd a on a.akt_pd_id = k.akt_pd_id
      join mou m on m.mou_id = a.mou_id
      join dudi d on d.dudi_id = m.dudi_id
      where k.rombongan_belajar_id = ${rombelId} and pd.peserta_didik_id in (${pdIds})
      order by k.tanggal_mulai, k.pkl_id`,
  );

  const group = <T>(rows: Row[], key: string, map: (r: Row) => T) => {
    const out = new Map<string, T[]>();
    for (const r of rows) {
      const k = String(r[key]);
      out.set(k, [...(out.get(k) ?? []), map(r)]);
    }
    return out;
  };
  const ekskulOf = group(ekskul, 'peserta_didik_id', (r) => ({
    nama: String(r.nama_ekskul).toUpperCase(),
    keterangan: textOrNull(r.deskripsi_ekskul),
  }));
  const pklOf = group(pkl, 'peserta_didik_id', (r) => ({
    mitra: String(r.nama),
    lokasi: alamatDudi({
      alamat_jalan: textOrNull(r.alamat_jalan),
      rt: textOrNull(r.rt),
      rw: textOrNull(r.rw),
      nama_dusun: textOrNull(r.nama_dusun),
      desa_kelurahan: textOrNull(r.desa_kelurahan),
    }),
    lamanya: lamanyaBulan(isoDate(r.tanggal_mulai) ?? '', isoDate(r.tanggal_selesai) ?? ''),
    keterangan: textOrNull(r.catatan),
  }));
  const sikapOf = group(sikap, 'anggota_rombel_id', (r) => ({
    dimensi: textOrNull(r.dimensi) ?? '',
    catatan: String(r.catatan),
  }));
  const absensiOf = new Map(
    absensi.map((r) => [
      String(r.anggota_rombel_id),
      { sakit: Number(r.sakit), izin: Number(r.izin), alpa: Number(r.alpa) },
    ]),
  );
  const catatanOf = new Map(
    catatan.map((r) => [`${r.anggota_rombel_id}|${r.type}`, String(r.uraian_deskripsi)]),
  );
  const kenaikanOf = new Map(
    kenaikan.map((r) => [
      String(r.anggota_rombel_id),
      { status: Number(r.status), nama_kelas: textOrNull(r.nama_kelas) },
    ]),
  );

  return pupils.map((p): SiswaRapor => {
    const ar = String(p.anggota_rombel_id);
    const pd = String(p.peserta_didik_id);
    const agamaId = num(p.agama_id);
    const kelompok: KelompokRapor[] = [];
    let tanpaNilai = 0;
    let tanpaCapaian = 0;
    for (const m of mapel) {
      if (m.agama !== null && m.agama !== agamaId) continue;
      if (m.pilihan && !member.has(`${pd}|${m.rombelId}`)) continue;
      const key = `${pd}|${m.id}`;
      const row = {
        pembelajaranId: m.id,
        mataPelajaranId: m.mataPelajaranId,
        nama: m.nama,
        nilai: nilai.get(key) ?? null,
        capaian: capaian.get(key) ?? [],
      };
      if (row.nilai === null) tanpaNilai++;
      if (row.capaian.length === 0) tanpaCapaian++;
      // Electives are appended after the class's own subjects, as one group.
      const groupName = m.pilihan ? 'Mata Pelajaran Pilihan' : m.kelompok;
      const last = kelompok[kelompok.length - 1];
      if (last && last.nama === groupName) last.mapel.push(row);
      else kelompok.push({ nama: groupName, mapel: [row] });
    }
    const alamat = [
      textOrNull(p.alamat),
      p.rt || p.rw ? `RT ${textOrNull(p.rt) ?? '-'}/RW ${textOrNull(p.rw) ?? '-'}` : null,
      textOrNull(p.nama_dusun),
      textOrNull(p.desa_kelurahan),
      textOrNull(p.kecamatan),
      textOrNull(p.wilayah_kabupaten),
      textOrNull(p.kode_pos),
    ].filter((t) => t !== null && t !== '');
    return {
      anggotaRombelId: ar,
      nama: String(p.nama),
      nis: textOrNull(p.no_induk),
      nisn: textOrNull(p.nisn),
      tempatLahir: textOrNull(p.tempat_lahir),
      tanggalLahir: isoDate(p.tanggal_lahir),
      jenisKelamin: JENIS_KELAMIN[String(p.jenis_kelamin)] ?? textOrNull(p.jenis_kelamin),
      agama: textOrNull(p.agama),
      statusDalamKeluarga: textOrNull(p.status),
      anakKe: num(p.anak_ke),
      alamat: alamat.length > 0 ? alamat.join(', ') : null,
      telepon: textOrNull(p.no_hp) ?? textOrNull(p.no_telp),
      sekolahAsal: textOrNull(p.sekolah_asal),
      diterimaKelas: textOrNull(p.diterima_kelas),
      diterima: isoDate(p.diterima),
      namaAyah: textOrNull(p.nama_ayah),
      namaIbu: textOrNull(p.nama_ibu),
      kerjaAyah: textOrNull(p.kerja_ayah_nama),
      kerjaIbu: textOrNull(p.kerja_ibu_nama),
      namaWali: textOrNull(p.nama_wali),
      alamatWali: textOrNull(p.alamat_wali),
      telpWali: textOrNull(p.telp_wali),
      kerjaWali: textOrNull(p.kerja_wali_nama),
      kelompok,
      tanpaNilai,
      tanpaCapaian,
      ekskul: ekskulOf.get(pd) ?? [],
      absensi: absensiOf.get(ar) ?? null,
      catatanWali: catatanOf.get(`${ar}|catatan_walas`) ?? null,
      kokurikuler: catatanOf.get(`${ar}|kokurikuler`) ?? null,
      sikap: sikapOf.get(ar) ?? [],
      kenaikan: kenaikanOf.get(ar) ?? null,
      pkl: pklOf.get(pd) ?? [],
    };
  });
}
