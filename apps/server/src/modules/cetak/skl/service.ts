import { formatTanggal, splitJabatan, tempatRapor } from '@erapor/contract/cetak/rapor';
import {
  nomorSurat,
  SKL_BAWAAN,
  SKL_MESSAGES,
  type SklTemplateResponse,
  type SklTemplateSave,
} from '@erapor/contract/cetak/skl';
import { susunTranskrip, type Transkrip } from '@erapor/contract/cetak/transkrip';
import { ERROR_CODES } from '@erapor/contract/errors';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { templateSkl } from '../../../db/tables/cetak-skl';
import { AppError, notFound } from '../../../lib/errors';
import { getSettings } from '../../sekolah/service';
import { identitasPegawai, SETTING_KEYS } from '../../sekolah/settings';
import { penandatangan, type RaporKelas, type SiswaRapor, usableLogo } from '../rapor/data';
import { transkripSiswa } from '../transkrip/data';
import {
  effectiveTemplate,
  nomorTerakhir,
  type SklDoc,
  sklOfAnggota,
  storedTemplate,
  tanggalLulusOf,
  templateFromRow,
} from './data';
import { renderSkl } from './document';

/*
 * The SKL's template in Pengaturan (administrator; routes declare the role) and the printed letter
 * (docs/decisions/047-surat-keterangan-lulus.md).
 */

type Row = Record<string, unknown>;

export async function getSklTemplate(db: Db, actor: Actor): Promise<SklTemplateResponse> {
  const row = await storedTemplate(db, actor.sekolahId);
  const t = templateFromRow(row);
  return {
    template: {
      judul: t.judul ?? null,
      pembuka: t.pembuka ?? null,
      pernyataan: t.pernyataan ?? null,
      penutup: t.penutup ?? null,
      pola_nomor: t.pola_nomor ?? null,
      tanggal_lulus: t.tanggal_lulus ?? null,
      tampilkan_nilai: t.tampilkan_nilai ?? null,
    },
    bawaan: {
      ...SKL_BAWAAN,
      tanggal_lulus: await tanggalLulusOf(db, actor.sekolahId, actor.semesterId, null),
    },
    nomor_terakhir: await nomorTerakhir(db, actor.sekolahId),
  };
}

export async function saveSklTemplate(
  db: Db,
  actor: Actor,
  body: SklTemplateSave,
): Promise<{ message: string }> {
  const values = {
    judul: body.judul,
    pembuka: body.pembuka,
    pernyataan: body.pernyataan,
    penutup: body.penutup,
    polaNomor: body.pola_nomor,
    tanggalLulus: body.tanggal_lulus,
    tampilkanNilai: body.tampilkan_nilai,
    updatedAt: new Date(),
  };
  await db
    .insert(templateSkl)
    .values({ sekolahId: actor.sekolahId, ...values })
    .onConflictDoUpdate({ target: templateSkl.sekolahId, set: values });
  return { message: SKL_MESSAGES.saved };
}

/** "Kembalikan ke bawaan": the wording, pattern, date and switch. Numbers given stay given. */
export async function resetSklTemplate(db: Db, actor: Actor): Promise<{ message: string }> {
  await db.delete(templateSkl).where(eq(templateSkl.sekolahId, actor.sekolahId));
  return { message: SKL_MESSAGES.reset };
}

/** One pupil's letter as a PDF, with the transcript's averages when the school shows grades. */
export async function sklPdf(
  db: Db,
  actor: Actor,
  anggotaRombelId: string,
  versi: string,
): Promise<{ pdf: Buffer; doc: SklDoc }> {
  const doc = await sklOfAnggota(db, actor, anggotaRombelId, versi);
  let transkrip: Transkrip | null = null;
  if (doc.template.tampilkanNilai) {
    const [pd] = await sqlRows<Row>(
      db,
      sql`select peserta_didik_id from anggota_rombel where anggota_rombel_id = ${anggotaRombelId}`,
    );
    const docs = await transkripSiswa(db, actor.sekolahId, [String(pd?.peserta_didik_id)], {
      semesterId: doc.kelas.semester.id,
      versi,
    });
    transkrip = docs.get(String(pd?.peserta_didik_id))?.transkrip ?? null;
  }
  return { pdf: await renderSkl(doc, transkrip), doc };
}

/**
 * "Pratinjau": a letter of a sample pupil with the form as sent (saved or not), the school's real
 * identity, logo and head teacher, and the running number the next letter would get. Nothing is
 * written: the preview gives no number away.
 */
export async function pratinjauSkl(
  db: Db,
  actor: Actor,
  draft: SklTemplateSave,
  versi: string,
): Promise<Buffer> {
  const [school] = await sqlRows<Row>(
    db,
    sql`select s.*, sl.mime_type logo_mime, sl.data logo_data, sm.nama semester_nama
      from sekolah s
      left join sekolah_logo sl on sl.sekolah_id = s.sekolah_id
      left join semester sm on sm.semester_id = ${actor.semesterId}
      where s.sekolah_id = ${actor.sekolahId}`,
  );
  if (!school) throw notFound();
  const settings = await getSettings(db, { sekolahId: actor.sekolahId }, actor.semesterId);
  const tanggalLulus = await tanggalLulusOf(db, actor.sekolahId, actor.semesterId, draft.tanggal_lulus);
  if (!tanggalLulus)
    throw new AppError(422, ERROR_CODES.VALIDATION, SKL_MESSAGES.noTanggal, {
      tanggal_lulus: SKL_MESSAGES.noTanggal,
    });
  const kepalaId = settings[SETTING_KEYS.kepalaSekolah] ?? null;
  const signers = await penandatangan(
    db,
    kepalaId ? [kepalaId] : [],
    identitasPegawai(settings[SETTING_KEYS.identitasPegawai]),
  );
  const jabatan = splitJabatan(settings[SETTING_KEYS.jabatan]);
  const kepala = kepalaId ? signers.get(kepalaId) : undefined;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const template = effectiveTemplate(draft);
  const kelas: RaporKelas = {
    sekolah: {
      nama: String(school.nama),
      npsn: String(school.npsn),
      nss: str(school.nss),
      alamat: str(school.alamat),
      kodePos: str(school.kode_pos),
      noTelp: str(school.no_telp),
      desaKelurahan: str(school.desa_kelurahan),
      kecamatan: str(school.kecamatan),
      kabupaten: str(school.kabupaten),
      provinsi: str(school.provinsi),
      website: str(school.website),
      email: str(school.email),
      logo: usableLogo(school.logo_mime, school.logo_data),
    },
    semester: {
      id: actor.semesterId,
      tahunPelajaran: (str(school.semester_nama) ?? '').split(' ')[0] ?? '',
      nama: actor.semesterId.endsWith('2') ? '2 (Genap)' : '1 (Ganjil)',
      genap: actor.semesterId.endsWith('2'),
    },
    kelas: { id: '', nama: 'XII Contoh 1', tingkat: 12, merdeka: true, fase: 'F', kelulusan: true },
    tempat: tempatRapor(settings[SETTING_KEYS.tempatRapor], str(school.kabupaten)),
    tanggal: formatTanggal(tanggalLulus),
    wali: null,
    kepalaSekolah: kepala ? { ...kepala, awalan: jabatan.awalan } : null,
    jabatan: jabatan.jabatan,
    siswa: [],
  };
  const doc: SklDoc = {
    kelas,
    siswa: contohSiswa(),
    programKeahlian: 'Program Keahlian Contoh',
    konsentrasiKeahlian: 'Konsentrasi Keahlian Contoh',
    template,
    tanggalLulus,
    nomor: nomorSurat(template.polaNomor, {
      nomorUrut: (await nomorTerakhir(db, actor.sekolahId)) + 1,
      tanggalLulus,
      npsn: kelas.sekolah.npsn,
    }),
    versi,
  };
  return renderSkl(doc, template.tampilkanNilai ? contohTranskrip() : null);
}

function contohSiswa(): SiswaRapor {
  return {
    anggotaRombelId: '',
    nama: 'Nama Peserta Didik',
    nis: '1234567',
    nisn: '0012345678',
    tempatLahir: 'Tempat Lahir',
    tanggalLahir: '2008-01-01',
    jenisKelamin: null,
    agama: null,
    statusDalamKeluarga: null,
    anakKe: null,
    alamat: null,
    telepon: null,
    sekolahAsal: null,
    diterimaKelas: null,
    diterima: null,
    namaAyah: 'Nama Ayah',
    namaIbu: 'Nama Ibu',
    kerjaAyah: null,
    kerjaIbu: null,
    namaWali: null,
    alamatWali: null,
    telpWali: null,
    kerjaWali: null,
    kelompok: [],
    tanpaNilai: 0,
    tanpaCapaian: 0,
    ekskul: [],
    absensi: null,
    catatanWali: null,
    kokurikuler: null,
    sikap: [],
    kenaikan: { status: 3, nama_kelas: null },
    pkl: [],
  };
}

function contohTranskrip(): Transkrip {
  const mapel = (id: number, nama: string, nilai: number) => ({ mataPelajaranId: id, nama, nilai });
  return susunTranskrip([
    {
      semesterId: '20252',
      tingkat: 12,
      kelompok: [
        { nama: 'A. Kelompok Mata Pelajaran Umum', mapel: [mapel(1, 'Mata Pelajaran Contoh 1', 85)] },
        { nama: 'B. Kelompok Mata Pelajaran Kejuruan', mapel: [mapel(2, 'Mata Pelajaran Contoh 2', 88)] },
      ],
    },
  ]);
}
