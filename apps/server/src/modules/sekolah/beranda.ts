import type { CadanganKeadaan } from '@erapor/contract/cadangan';
import { JENIS_PTK_ASESOR, JENIS_PTK_INSTRUKTUR, TENDIK_JENIS_PTK } from '@erapor/contract/pengguna';
import type { BerandaAdminResponse, BerandaCount } from '@erapor/contract/sekolah';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRowsOf } from '../../db/sql-rows';
import {
  dudi,
  ekstrakurikuler,
  guru,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  ptkKeluar,
  rombonganBelajar,
} from '../../db/tables/referensi';
import { getSekolahIdentity, getStatusPenilaian, kepalaSekolahName } from './settings';
import { readNotes } from './stored-images';

/**
 * The figures of the administrator's Beranda, each one SQL count (no rows are loaded):
 * staff by kind (excluding those who left this semester), active pupils, the semester's
 * classes, teaching assignments and extracurriculars, and the school's DUDI.
 */
export async function berandaCounts(
  db: Db,
  actor: Pick<Actor, 'sekolahId' | 'semesterId'>,
): Promise<Record<BerandaCount, number>> {
  const { sekolahId, semesterId } = actor;
  const tendik = sql.join(
    TENDIK_JENIS_PTK.map((n) => sql`${n}`),
    sql`, `,
  );
  const special = sql`${JENIS_PTK_INSTRUKTUR}, ${JENIS_PTK_ASESOR}`;
  const [row] = await sqlRowsOf(
    db,
    {
      guru: 'int',
      tendik: 'int',
      instruktur: 'int',
      asesor: 'int',
      peserta_didik: 'int',
      rombel: 'int',
      rombel_pilihan: 'int',
      pembelajaran: 'int',
      ekstrakurikuler: 'int',
      dudi: 'int',
    },
    sql`
    select
      (select count(*) filter (where g.jenis_ptk_id not in (${tendik}) and g.jenis_ptk_id not in (${special}))
         from ${guru} g
        where g.sekolah_id = ${sekolahId} and g.deleted_at is null
          and not exists (select 1 from ${ptkKeluar} k where k.guru_id = g.guru_id and k.semester_id = ${semesterId})
      ) as guru,
      (select count(*) filter (where g.jenis_ptk_id in (${tendik}))
         from ${guru} g
        where g.sekolah_id = ${sekolahId} and g.deleted_at is null
          and not exists (select 1 from ${ptkKeluar} k where k.guru_id = g.guru_id and k.semester_id = ${semesterId})
      ) as tendik,
      (select count(*) from ${guru} g
        where g.sekolah_id = ${sekolahId} and g.deleted_at is null and g.jenis_ptk_id = ${JENIS_PTK_INSTRUKTUR}
      ) as instruktur,
      (select count(*) from ${guru} g
        where g.sekolah_id = ${sekolahId} and g.deleted_at is null and g.jenis_ptk_id = ${JENIS_PTK_ASESOR}
      ) as asesor,
      (select count(*) from ${pesertaDidik} p
        where p.sekolah_id = ${sekolahId} and p.active
          and not exists (select 1 from ${pdKeluar} k where k.peserta_didik_id = p.peserta_didik_id)
      ) as peserta_didik,
      (select count(*) filter (where r.jenis_rombel = 1) from ${rombonganBelajar} r
        where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId} and r.deleted_at is null
      ) as rombel,
      (select count(*) filter (where r.jenis_rombel = 16) from ${rombonganBelajar} r
        where r.sekolah_id = ${sekolahId} and r.semester_id = ${semesterId} and r.deleted_at is null
      ) as rombel_pilihan,
      (select count(*) from ${pembelajaran} b
        where b.sekolah_id = ${sekolahId} and b.semester_id = ${semesterId} and b.deleted_at is null
      ) as pembelajaran,
      (select count(*) from ${ekstrakurikuler} e
        where e.sekolah_id = ${sekolahId} and e.semester_id = ${semesterId} and e.deleted_at is null
      ) as ekstrakurikuler,
      (select count(*) from ${dudi} d where d.sekolah_id = ${sekolahId}) as dudi
  `,
  );
  const n = (k: BerandaCount) => row?.[k] ?? 0;
  return {
    guru: n('guru'),
    tendik: n('tendik'),
    instruktur: n('instruktur'),
    asesor: n('asesor'),
    peserta_didik: n('peserta_didik'),
    rombel: n('rombel'),
    rombel_pilihan: n('rombel_pilihan'),
    pembelajaran: n('pembelajaran'),
    ekstrakurikuler: n('ekstrakurikuler'),
    dudi: n('dudi'),
  };
}

export async function berandaAdmin(
  db: Db,
  actor: Actor,
  app: { name: string; version: string; dbVersion: string },
  /** The backups' state (the cadangan module's, given by app.ts: sekolah sits below cadangan). */
  cadangan: (sekolahId: string, npsn: string) => Promise<CadanganKeadaan>,
  now: Date,
): Promise<BerandaAdminResponse> {
  const [sekolah, kepala, counts, status] = await Promise.all([
    getSekolahIdentity(db, actor.sekolahId),
    kepalaSekolahName(db, actor),
    berandaCounts(db, actor),
    getStatusPenilaian(db, actor),
  ]);
  return {
    sekolah,
    kepala_sekolah: kepala,
    counts,
    app: { name: app.name, version: app.version, db_version: app.dbVersion },
    status_penilaian: status,
    cadangan: await cadangan(actor.sekolahId, sekolah.npsn),
    gambar_dibuang: await readNotes(db, actor.sekolahId, now),
  };
}
