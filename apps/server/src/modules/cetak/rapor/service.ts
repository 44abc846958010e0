import {
  CETAK_RAPOR_MESSAGES,
  type CetakRaporResponse,
  KELENGKAPAN,
  SEMESTER_PPA_BARU,
  STATUS_KENAIKAN,
} from '@erapor/contract/cetak/rapor';
import { MESSAGES } from '@erapor/contract/errors';
import { hasRaporP5 } from '@erapor/contract/projek/cetak';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { anggotaRombel, rombonganBelajar } from '../../../db/tables/referensi';
import { forbidden, notFound } from '../../../lib/errors';
import { waliRombels } from '../../referensi/rombel/access';
import { printableRombel, printsAnyClass } from '../access';
import { type RaporKelas, raporKelas, type SiswaRapor } from './data';

/*
 * Cetak Rapor Semester (docs/decisions/031-cetak-rapor.md): the per-pupil documents reach their
 * pupil through the class (printableRombel: the wali of that regular class, the Waka, the admin;
 * others 403; a pupil of another school, semester or an unknown id 404), and the print page lists
 * a class's pupils with what their card still lacks.
 */

/** One pupil's report data, after checking the caller may print their class. */
export async function raporOfAnggota(db: Db, actor: Actor, anggotaRombelId: string): Promise<RaporKelas> {
  const [member] = await db
    .select({ rombonganBelajarId: anggotaRombel.rombonganBelajarId })
    .from(anggotaRombel)
    .innerJoin(rombonganBelajar, eq(rombonganBelajar.rombonganBelajarId, anggotaRombel.rombonganBelajarId))
    .where(
      and(
        eq(anggotaRombel.anggotaRombelId, anggotaRombelId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        isNull(anggotaRombel.deletedAt),
      ),
    );
  if (!member) throw notFound(MESSAGES.notFound);
  const kelas = await printableRombel(db, actor, member.rombonganBelajarId);
  // Only a regular class has a report card (an elective membership is printed through it).
  if (kelas.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  return raporKelas(db, { ...kelas, sekolahId: actor.sekolahId }, [anggotaRombelId]);
}

/** What a pupil's card still lacks, in the order of the card. */
export function kelengkapan(kelas: RaporKelas, s: SiswaRapor): string[] {
  const out: string[] = [];
  const baru = kelas.semester.id >= SEMESTER_PPA_BARU;
  if (!kelas.kelas.merdeka && s.sikap.length === 0) out.push(KELENGKAPAN.sikap);
  if (s.tanpaNilai > 0) out.push(KELENGKAPAN.nilai(s.tanpaNilai));
  if (s.tanpaCapaian > 0) out.push(KELENGKAPAN.deskripsi(s.tanpaCapaian));
  if (baru && !s.kokurikuler) out.push(KELENGKAPAN.kokurikuler);
  if (!s.absensi) out.push(KELENGKAPAN.absensi);
  if (baru && !s.catatanWali) out.push(KELENGKAPAN.catatan);
  if (kelas.semester.genap && !s.kenaikan) out.push(KELENGKAPAN.kenaikan);
  return out;
}

/** The regular classes the caller may print: the Waka and admin all of the semester, a wali theirs. */
async function printableKelas(db: Db, actor: Actor) {
  if (printsAnyClass(actor)) {
    return db
      .select({
        rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
        nama: rombonganBelajar.nama,
        tingkat: rombonganBelajar.tingkat,
      })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.sekolahId, actor.sekolahId),
          eq(rombonganBelajar.semesterId, actor.semesterId),
          eq(rombonganBelajar.jenisRombel, 1),
          isNull(rombonganBelajar.deletedAt),
        ),
      )
      .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
  }
  if (!actor.roles.includes('wali')) throw forbidden(MESSAGES.forbidden);
  return waliRombels(db, actor);
}

/** GET /api/cetak/rapor: the print page of a class (the wali's own class when none is given). */
export async function cetakRaporPage(
  db: Db,
  actor: Actor,
  query: { rombongan_belajar_id?: string },
): Promise<CetakRaporResponse> {
  const all = await printableKelas(db, actor);
  const chosen = query.rombongan_belajar_id ?? all[0]?.rombonganBelajarId;
  if (!chosen) throw forbidden(CETAK_RAPOR_MESSAGES.noClass);
  const kelas = await printableRombel(db, actor, chosen);
  if (kelas.jenisRombel !== 1) throw notFound(MESSAGES.notFound);
  const data = await raporKelas(db, { ...kelas, sekolahId: actor.sekolahId });
  return {
    rombel: {
      rombongan_belajar_id: kelas.rombonganBelajarId,
      nama: kelas.nama,
      tingkat: kelas.tingkat,
      rapor_p5: hasRaporP5({ merdeka: data.kelas.merdeka, semesterId: kelas.semesterId }),
    },
    kelas: all.map((k) => ({ value: k.rombonganBelajarId, label: k.nama, tingkat: k.tingkat })),
    cetak: {
      tempat: data.tempat,
      tanggal: data.tanggal,
      kepala_sekolah: data.kepalaSekolah
        ? [data.kepalaSekolah.awalan, data.kepalaSekolah.nama].filter(Boolean).join(' ')
        : null,
      nomor_kepala_sekolah: data.kepalaSekolah?.nomor ?? 'NIP. -',
      jabatan: data.jabatan,
      wali_kelas: data.wali?.nama ?? null,
    },
    data: data.siswa.map((s) => ({
      anggota_rombel_id: s.anggotaRombelId,
      nama: s.nama,
      nisn: s.nisn,
      kelengkapan: kelengkapan(data, s),
      lulus: s.kenaikan?.status === STATUS_KENAIKAN.lulus,
    })),
  };
}
