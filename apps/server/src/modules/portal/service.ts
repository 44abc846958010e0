import {
  PORTAL_MESSAGES,
  type PortalDetil,
  type PortalNilai,
  type PortalProfil,
  type PortalSemester,
  type RilisNilai,
  rilisNilai,
  type TemanSekelas,
} from '@erapor/contract/portal/portal';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { users } from '../../db/tables/pengguna';
import { forbidden, notFound } from '../../lib/errors';
import { raporKelas } from '../cetak/rapor/data';
import { photoUrl } from '../pengguna/service';
import { getActiveSemester, getSettings } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';

/*
 * The pupil's own data (issue #15 items 1–2). Every query is keyed by the caller's peserta_didik_id
 * and school, so another pupil's class or subject is simply not found for them, and answers 403.
 * Subjects, grades and capaian come from the report card's own loader (raporKelas), so the portal
 * shows exactly what is printed — and only once the semester's grades are released.
 */

interface Membership {
  anggotaRombelId: string;
  rombonganBelajarId: string;
  rombel: string;
  tingkat: number;
  semesterId: string;
  semester: string;
  kunciNilai: boolean;
  /** The school opened this semester's grades to pupils (Pengaturan Umum). */
  dibukaSekolah: boolean;
  guruId: string | null;
}

export function requirePupil(actor: Actor): string {
  if (!actor.pesertaDidikId || !actor.roles.includes('siswa')) throw forbidden(PORTAL_MESSAGES.notPupil);
  return actor.pesertaDidikId;
}

/** The pupil's live memberships of regular classes (jenis 1) of the school, newest semester first. */
async function memberships(db: Db, actor: Actor, pesertaDidikId: string): Promise<Membership[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, r.rombongan_belajar_id, r.nama as rombel, r.tingkat, r.semester_id,
        sm.nama as semester, r.kunci_nilai, r.guru_id, st.value as rilis_nilai_siswa
      from anggota_rombel a
      join rombongan_belajar r on r.rombongan_belajar_id = a.rombongan_belajar_id
        and r.deleted_at is null and r.jenis_rombel = 1
      join semester sm on sm.semester_id = r.semester_id
      left join settings st on st.sekolah_id = r.sekolah_id and st.semester_id = r.semester_id
        and st.key = ${SETTING_KEYS.rilisNilaiSiswa}
      where a.peserta_didik_id = ${pesertaDidikId} and a.deleted_at is null and r.sekolah_id = ${actor.sekolahId}
      order by r.semester_id desc`,
  );
  return rows.map((r) => ({
    anggotaRombelId: String(r.anggota_rombel_id),
    rombonganBelajarId: String(r.rombongan_belajar_id),
    rombel: String(r.rombel),
    tingkat: Number(r.tingkat),
    semesterId: String(r.semester_id),
    semester: String(r.semester),
    kunciNilai: r.kunci_nilai === true,
    dibukaSekolah: r.rilis_nilai_siswa === '1',
    guruId: r.guru_id === null ? null : String(r.guru_id),
  }));
}

function rilisOf(m: Membership, activeSemesterId: string | null): RilisNilai {
  return rilisNilai({
    semesterId: m.semesterId,
    activeSemesterId,
    kunciNilai: m.kunciNilai,
    dibukaSekolah: m.dibukaSekolah,
  });
}

export async function profil(db: Db, actor: Actor): Promise<PortalProfil> {
  const pesertaDidikId = requirePupil(actor);
  const [pd] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select pd.nama, pd.nisn, pd.no_induk as nis, s.nama as sekolah from peserta_didik pd
      join sekolah s on s.sekolah_id = pd.sekolah_id
      where pd.peserta_didik_id = ${pesertaDidikId} and pd.sekolah_id = ${actor.sekolahId}`,
  );
  if (!pd) throw notFound();
  const list = await memberships(db, actor, pesertaDidikId);
  const active = (await getActiveSemester(db))?.semester_id ?? null;
  const semester: PortalSemester[] = list.map((m) => ({
    semester_id: m.semesterId,
    nama: m.semester,
    rombel: m.rombel,
    rilis: rilisOf(m, active),
  }));
  const current = list.find((m) => m.semesterId === actor.semesterId);
  let kelas: PortalProfil['kelas'] = null;
  if (current) {
    const [wali] = current.guruId
      ? await sqlRows<{ nama: string }>(db, sql`select nama from guru where guru_id = ${current.guruId}`)
      : [];
    kelas = {
      nama: current.rombel,
      wali_kelas: wali?.nama ?? null,
      anggota_rombel_id: current.anggotaRombelId,
    };
  }
  const [me] = await db
    .select({ id: users.id, photo: users.photo })
    .from(users)
    .where(eq(users.id, actor.userId));
  return {
    nama: String(pd.nama),
    nisn: pd.nisn === null ? null : String(pd.nisn),
    nis: pd.nis === null ? null : String(pd.nis),
    sekolah: String(pd.sekolah),
    foto_url: me ? photoUrl(me) : null,
    kelas,
    semester_id: actor.semesterId,
    semester,
  };
}

/** The teacher shown per subject: the one who teaches it (guru_pengajar), else the assigned guru. */
async function guruOf(db: Db, pembelajaranIds: string[]): Promise<Map<string, string | null>> {
  if (pembelajaranIds.length === 0) return new Map();
  const ids = sql.join(
    pembelajaranIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select b.pembelajaran_id, coalesce(gp.nama, g.nama) as guru from pembelajaran b
      left join guru g on g.guru_id = b.guru_id
      left join guru gp on gp.guru_id = b.guru_pengajar_id
      where b.pembelajaran_id in (${ids})`,
  );
  return new Map(rows.map((r) => [String(r.pembelajaran_id), r.guru === null ? null : String(r.guru)]));
}

export async function nilaiSemester(db: Db, actor: Actor, semesterId: string): Promise<PortalNilai> {
  const pesertaDidikId = requirePupil(actor);
  const m = (await memberships(db, actor, pesertaDidikId)).find((x) => x.semesterId === semesterId);
  if (!m) throw notFound(PORTAL_MESSAGES.noClass);
  const rilis = rilisOf(m, (await getActiveSemester(db))?.semester_id ?? null);
  const rapor = await raporKelas(
    db,
    {
      rombonganBelajarId: m.rombonganBelajarId,
      nama: m.rombel,
      tingkat: m.tingkat,
      jenisRombel: 1,
      semesterId: m.semesterId,
      guruId: m.guruId,
      sekolahId: actor.sekolahId,
    },
    [m.anggotaRombelId],
  );
  const siswa = rapor.siswa[0];
  const kelompok = siswa?.kelompok ?? [];
  const guru = await guruOf(
    db,
    kelompok.flatMap((k) => k.mapel.map((x) => x.pembelajaranId)),
  );
  const shown = rilis !== 'belum';
  return {
    semester_id: m.semesterId,
    semester: m.semester,
    rombel: m.rombel,
    rilis,
    kelompok: kelompok.map((k) => ({
      nama: k.nama,
      mapel: k.mapel.map((x) => ({
        pembelajaran_id: x.pembelajaranId,
        nama: x.nama,
        guru: guru.get(x.pembelajaranId) ?? null,
        nilai: shown ? x.nilai : null,
        capaian: shown ? x.capaian : [],
      })),
    })),
  };
}

/**
 * One subject's TP scores (Sumatif Lingkup Materi) and ketercapaian. The subject must be one the
 * pupil takes: its class is one of their live memberships (their regular class or an elective).
 */
export async function detilNilai(db: Db, actor: Actor, pembelajaranId: string): Promise<PortalDetil> {
  const pesertaDidikId = requirePupil(actor);
  const [b] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select b.pembelajaran_id, b.nama_mata_pelajaran, b.rombongan_belajar_id, b.semester_id,
        coalesce(gp.nama, g.nama) as guru, a.anggota_rombel_id, sm.nama as semester
      from pembelajaran b
      join semester sm on sm.semester_id = b.semester_id
      left join guru g on g.guru_id = b.guru_id
      left join guru gp on gp.guru_id = b.guru_pengajar_id
      left join anggota_rombel a on a.rombongan_belajar_id = b.rombongan_belajar_id
        and a.peserta_didik_id = ${pesertaDidikId} and a.deleted_at is null
      where b.pembelajaran_id = ${pembelajaranId} and b.sekolah_id = ${actor.sekolahId} and b.deleted_at is null`,
  );
  if (!b) throw notFound();
  if (b.anggota_rombel_id === null) throw forbidden(PORTAL_MESSAGES.notYours);
  // Released as the pupil's regular class of that semester is (an elective follows its class's wali).
  const all = await memberships(db, actor, pesertaDidikId);
  const regular = all.find((x) => x.semesterId === String(b.semester_id));
  const rilis: RilisNilai = regular
    ? rilisOf(regular, (await getActiveSemester(db))?.semester_id ?? null)
    : 'belum';
  const anggotaRombelId = String(b.anggota_rombel_id);
  const base = {
    pembelajaran_id: pembelajaranId,
    mata_pelajaran: String(b.nama_mata_pelajaran),
    guru: b.guru === null ? null : String(b.guru),
    semester: String(b.semester),
    rilis,
  };
  if (rilis === 'belum') return { ...base, nilai_akhir: null, tp: [] };
  const tp = await sqlRows<Record<string, unknown>>(
    db,
    sql`select t.tp_id, t.deskripsi, n.nilai, v.kompeten
      from tp_mapel m
      join tujuan_pembelajaran t on t.tp_id = m.tp_id
      left join nilai_tp n on n.tp_id = t.tp_id and n.pembelajaran_id = m.pembelajaran_id
        and n.anggota_rombel_id = ${anggotaRombelId}
      left join tp_nilai v on v.tp_id = t.tp_id and v.pembelajaran_id = m.pembelajaran_id
        and v.anggota_rombel_id = ${anggotaRombelId}
      where m.pembelajaran_id = ${pembelajaranId}
      order by t.created_at, t.tp_id`,
  );
  const [na] = await sqlRows<{ nilai: number | string }>(
    db,
    sql`select nilai from nilai_akhir where pembelajaran_id = ${pembelajaranId}
      and anggota_rombel_id = ${anggotaRombelId} and kompetensi_id in (1, 4) order by kompetensi_id desc limit 1`,
  );
  return {
    ...base,
    nilai_akhir: na ? Number(na.nilai) : null,
    tp: tp.map((r) => ({
      tp_id: String(r.tp_id),
      deskripsi: String(r.deskripsi),
      nilai: r.nilai === null ? null : Number(r.nilai),
      kompeten: r.kompeten === null ? null : Number(r.kompeten) === 1 ? 1 : 0,
    })),
  };
}

/**
 * Teman Sekelas: the live members of the pupil's regular class of that semester (the pupil
 * included), by name. Contact details only when the school shows them (kontak_teman_sekelas = '1';
 * default hidden, decision 046) — the server leaves them out, not the browser.
 */
export async function temanSekelas(db: Db, actor: Actor, semesterId: string): Promise<TemanSekelas> {
  const pesertaDidikId = requirePupil(actor);
  const m = (await memberships(db, actor, pesertaDidikId)).find((x) => x.semesterId === semesterId);
  if (!m) throw notFound(PORTAL_MESSAGES.noClass);
  const kontak = (await getSettings(db, actor, semesterId))[SETTING_KEYS.kontakTemanSekelas] === '1';
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select pd.nama, pd.tempat_lahir, to_char(pd.tanggal_lahir, 'YYYY-MM-DD') as tanggal_lahir, pd.email, pd.no_hp from anggota_rombel a
      join peserta_didik pd on pd.peserta_didik_id = a.peserta_didik_id
      where a.rombongan_belajar_id = ${m.rombonganBelajarId} and a.deleted_at is null
      order by pd.nama, pd.peserta_didik_id`,
  );
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    semester_id: m.semesterId,
    rombel: m.rombel,
    kontak,
    data: rows.map((r) => ({
      nama: String(r.nama),
      tempat_lahir: str(r.tempat_lahir),
      tanggal_lahir: str(r.tanggal_lahir),
      email: kontak ? str(r.email) : null,
      no_hp: kontak ? str(r.no_hp) : null,
    })),
  };
}
