import { STATUS_KENAIKAN, teksKenaikan } from '@erapor/contract/cetak/rapor';
import { nomorSurat, SKL_BAWAAN, SKL_MESSAGES, type SklTemplateSave } from '@erapor/contract/cetak/skl';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { nomorSkl, templateSkl } from '../../../db/tables/cetak-skl';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { AppError, notFound } from '../../../lib/errors';
import { getSettings } from '../../sekolah/service';
import { SETTING_KEYS } from '../../sekolah/settings';
import { type PrintableRombel, printableRombel } from '../access';
import { type RaporKelas, raporKelas, type SiswaRapor } from '../rapor/data';

/*
 * The data of a Surat Keterangan Lulus (docs/decisions/047-surat-keterangan-lulus.md): the report
 * card's loader (raporKelas: school, kop, signatories, the pupil's identity and parents, the final
 * grades as printed, the kenaikan decision) for the one membership, the programme and competence of
 * the class, the school's template, and the letter number, given once per pupil.
 */

type Row = Record<string, unknown>;

/** The template as it prints: every null replaced by its default. */
export interface SklTemplate {
  judul: string;
  pembuka: string;
  pernyataan: string;
  penutup: string;
  polaNomor: string;
  tampilkanNilai: boolean;
}

export interface SklDoc {
  kelas: RaporKelas;
  siswa: SiswaRapor;
  programKeahlian: string | null;
  konsentrasiKeahlian: string | null;
  template: SklTemplate;
  /** "2026-05-05". */
  tanggalLulus: string;
  nomor: string;
  versi: string;
}

/** The school's stored template row (null columns: default). */
export async function storedTemplate(db: Db, sekolahId: string) {
  const [row] = await db.select().from(templateSkl).where(eq(templateSkl.sekolahId, sekolahId));
  return row ?? null;
}

/** The template as it prints, from the stored row or from a form (Pratinjau). */
export function effectiveTemplate(t: Partial<SklTemplateSave> | null): SklTemplate {
  return {
    judul: t?.judul ?? SKL_BAWAAN.judul,
    pembuka: t?.pembuka ?? SKL_BAWAAN.pembuka,
    pernyataan: t?.pernyataan ?? SKL_BAWAAN.pernyataan,
    penutup: t?.penutup ?? SKL_BAWAAN.penutup,
    polaNomor: t?.pola_nomor ?? SKL_BAWAAN.pola_nomor,
    tampilkanNilai: t?.tampilkan_nilai ?? SKL_BAWAAN.tampilkan_nilai,
  };
}

export function templateFromRow(row: typeof templateSkl.$inferSelect | null): Partial<SklTemplateSave> {
  return {
    judul: row?.judul ?? null,
    pembuka: row?.pembuka ?? null,
    pernyataan: row?.pernyataan ?? null,
    penutup: row?.penutup ?? null,
    pola_nomor: row?.polaNomor ?? null,
    tanggal_lulus: row?.tanggalLulus ?? null,
    tampilkan_nilai: row?.tampilkanNilai ?? null,
  };
}

/** The class's Program and Konsentrasi/Kompetensi Keahlian (as the PKL report reads them). */
export async function programmeOf(
  db: Db,
  rombonganBelajarId: string,
): Promise<{ program: string | null; konsentrasi: string | null }> {
  const [row] = await sqlRows<Row>(
    db,
    sql`select coalesce(js.nama_jurusan_sp, konsentrasi.nama_jurusan) konsentrasi, program.nama_jurusan program
      from rombongan_belajar r
      left join jurusan_sp js on js.jurusan_sp_id = r.jurusan_sp_id
      left join ref_jurusan konsentrasi on konsentrasi.jurusan_id = coalesce(js.jurusan_id, r.jurusan_id)
      left join ref_jurusan program on program.jurusan_id = konsentrasi.jurusan_induk
      where r.rombongan_belajar_id = ${rombonganBelajarId}`,
  );
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return { program: text(row?.program), konsentrasi: text(row?.konsentrasi) };
}

/**
 * The graduation date: the template's, else the semester's Tanggal Rapor Kelas Akhir (the day the
 * final report is handed out); null when neither is set.
 */
export async function tanggalLulusOf(
  db: Db,
  sekolahId: string,
  semesterId: string,
  stored: string | null,
): Promise<string | null> {
  if (stored) return stored;
  const settings = await getSettings(db, { sekolahId }, semesterId);
  return settings[SETTING_KEYS.tanggalRaporKelasAkhir] || null;
}

/**
 * The pupil's letter number: the one given before (a reprint), else the next running number of the
 * school, in one transaction holding the school's advisory lock — two homeroom teachers printing at
 * the same moment queue there, so each reads the highest number after the other's insert. The
 * unique (sekolah_id, nomor_urut) and (sekolah_id, peserta_didik_id) constraints hold it even if
 * the lock were forgotten: a duplicate would fail, never print.
 */
export async function nomorSklSiswa(
  db: Db,
  input: {
    sekolahId: string;
    pesertaDidikId: string;
    anggotaRombelId: string;
    polaNomor: string;
    tanggalLulus: string;
    npsn: string;
  },
): Promise<{ nomorUrut: number; nomor: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`skl:${input.sekolahId}`}))`);
    const [given] = await tx
      .select({ nomorUrut: nomorSkl.nomorUrut, nomor: nomorSkl.nomor })
      .from(nomorSkl)
      .where(and(eq(nomorSkl.sekolahId, input.sekolahId), eq(nomorSkl.pesertaDidikId, input.pesertaDidikId)));
    if (given) return given;
    const [last] = await sqlRows<Row>(
      tx,
      sql`select coalesce(max(nomor_urut), 0) as n from nomor_skl where sekolah_id = ${input.sekolahId}`,
    );
    const nomorUrut = Number(last?.n ?? 0) + 1;
    const nomor = nomorSurat(input.polaNomor, {
      nomorUrut,
      tanggalLulus: input.tanggalLulus,
      npsn: input.npsn,
    });
    await tx.insert(nomorSkl).values({
      sekolahId: input.sekolahId,
      pesertaDidikId: input.pesertaDidikId,
      anggotaRombelId: input.anggotaRombelId,
      nomorUrut,
      nomor,
      tanggalLulus: input.tanggalLulus,
    });
    return { nomorUrut, nomor };
  });
}

/** The highest running number given by the school (0: none yet). */
export async function nomorTerakhir(db: Db, sekolahId: string): Promise<number> {
  const [row] = await sqlRows<Row>(
    db,
    sql`select coalesce(max(nomor_urut), 0) as n from nomor_skl where sekolah_id = ${sekolahId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One pupil's letter, for the wali of the class, the Waka or the admin (printableRombel: the class
 * of the login's semester). A membership of another school or unknown: 404; a pupil whose kenaikan
 * is not Lulus: 409 naming the status; no graduation date set: 409 saying where to set it.
 */
export async function sklOfAnggota(
  db: Db,
  actor: Actor,
  anggotaRombelId: string,
  versi: string,
): Promise<SklDoc> {
  const [member] = await db
    .select({
      pesertaDidikId: anggotaRombel.pesertaDidikId,
      rombonganBelajarId: anggotaRombel.rombonganBelajarId,
    })
    .from(anggotaRombel)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId))
    .where(
      and(
        eq(anggotaRombel.anggotaRombelId, anggotaRombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(anggotaRombel.deletedAt),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!member) throw notFound(MESSAGES.notFound);
  const rombel = await printableRombel(db, actor, member.rombonganBelajarId);
  const [doc] = await sklOfKelas(
    db,
    actor,
    rombel,
    [{ anggotaRombelId, pesertaDidikId: member.pesertaDidikId }],
    versi,
  );
  if (!doc) throw notFound(MESSAGES.notFound);
  return doc;
}

/**
 * The letters of pupils of one class (one, or the class's Lulus pupils at once): the class, the
 * template, the date and the programme read once; numbers given one by one in `members`' order
 * (a pupil keeps a number given before). Each letter's `kelas` holds only its own pupil, as a
 * single letter's does.
 */
export async function sklOfKelas(
  db: Db,
  actor: Actor,
  rombel: PrintableRombel,
  members: readonly { anggotaRombelId: string; pesertaDidikId: string }[],
  versi: string,
): Promise<SklDoc[]> {
  if (members.length === 0) return [];
  const kelas = await raporKelas(
    db,
    { ...rombel, sekolahId: actor.sekolahId },
    members.map((m) => m.anggotaRombelId),
  );
  const byId = new Map(kelas.siswa.map((s) => [s.anggotaRombelId, s]));
  for (const m of members) {
    const siswa = byId.get(m.anggotaRombelId);
    if (!siswa) throw notFound(MESSAGES.notFound);
    if (siswa.kenaikan?.status !== STATUS_KENAIKAN.lulus) {
      throw new AppError(
        409,
        ERROR_CODES.CONFLICT,
        SKL_MESSAGES.notLulus(siswa.nama, teksKenaikan(siswa.kenaikan, kelas.kelas.kelulusan)),
      );
    }
  }
  const row = await storedTemplate(db, actor.sekolahId);
  const template = effectiveTemplate(templateFromRow(row));
  const tanggalLulus = await tanggalLulusOf(
    db,
    actor.sekolahId,
    rombel.semesterId,
    row?.tanggalLulus ?? null,
  );
  if (!tanggalLulus) throw new AppError(409, ERROR_CODES.CONFLICT, SKL_MESSAGES.noTanggal);
  const programme = await programmeOf(db, rombel.rombonganBelajarId);
  const docs: SklDoc[] = [];
  for (const m of members) {
    const siswa = byId.get(m.anggotaRombelId) as SiswaRapor;
    const { nomor } = await nomorSklSiswa(db, {
      sekolahId: actor.sekolahId,
      pesertaDidikId: m.pesertaDidikId,
      anggotaRombelId: m.anggotaRombelId,
      polaNomor: template.polaNomor,
      tanggalLulus,
      npsn: kelas.sekolah.npsn,
    });
    docs.push({
      kelas: { ...kelas, siswa: [siswa] },
      siswa,
      programKeahlian: programme.program,
      konsentrasiKeahlian: programme.konsentrasi,
      template,
      tanggalLulus,
      nomor,
      versi,
    });
  }
  return docs;
}
