import { MESSAGES } from '@erapor/contract/errors';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import {
  checkKehadiranPklRows,
  JENIS_ABSENSI_PKL,
  type JenisAbsensiPkl,
  KEHADIRAN_PKL_MESSAGES,
  type KehadiranPklRencana,
  type KehadiranPklRencanaList,
  type KehadiranPklResponse,
  type KehadiranPklRow,
  type KehadiranPklSave,
  type KehadiranPklSaved,
} from '@erapor/contract/pkl/kehadiran';
import { hariPkl } from '@erapor/contract/pkl/rules';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { absensiPkl, praktikKerjaLapangan } from '../../db/tables/pkl';
import { aktPd, dudi, mou, rombonganBelajar } from '../../db/tables/referensi';
import { forbidden } from '../../lib/errors';
import { penilaianGateOf } from '../penilaian/gate';
import { beginGridSave, type Cell, cellId, validationError } from '../penilaian/grid-save';
import {
  isPembimbing,
  isPklWaka,
  loadPlanAccess,
  requirePklSemester,
  scorablePlan,
  visiblePlansSql,
} from './access';

/*
 * Kehadiran PKL (issue #12 item 4; packages/contract/src/pkl/kehadiran.ts). The owner and the
 * co-supervisors of a plan write its participants' days of absence at the DUDI; the class's wali
 * and the Waka read them (the admin, who holds neither Pkl nor Waka, does not: 403). The save is
 * the shared grade-grid save under the plan's own lock key and its class's gate.
 */

const isWali = (actor: Actor) => actor.guruId !== null && actor.roles.includes('wali');

/** Pembimbing, wali kelas and Waka open this page; everyone else 403 (then the semester: 409). */
function requireKehadiranReader(actor: Actor): void {
  if (!isPembimbing(actor) && !isWali(actor) && !isPklWaka(actor)) throw forbidden(MESSAGES.forbidden);
  requirePklSemester(actor);
}

const rencanaSelect = {
  pkl_id: praktikKerjaLapangan.pklId,
  tingkat: rombonganBelajar.tingkat,
  rombongan_belajar_id: praktikKerjaLapangan.rombonganBelajarId,
  kelas: rombonganBelajar.nama,
  dudi_id: dudi.dudiId,
  nama_dudi: dudi.nama,
  judul_akt_pd: aktPd.judulAktPd,
  tanggal_mulai: praktikKerjaLapangan.tanggalMulai,
  tanggal_selesai: praktikKerjaLapangan.tanggalSelesai,
};

/** The plans of the caller's school and semester: `scope` limits them (visibility, or one plan). */
function rencanaQuery(db: Db, actor: Actor, scope: SQL) {
  return db
    .select(rencanaSelect)
    .from(praktikKerjaLapangan)
    .innerJoin(
      rombonganBelajar,
      eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
    )
    .innerJoin(aktPd, eq(aktPd.aktPdId, praktikKerjaLapangan.aktPdId))
    .innerJoin(mou, eq(mou.mouId, aktPd.mouId))
    .innerJoin(dudi, eq(dudi.dudiId, mou.dudiId))
    .where(
      and(
        eq(praktikKerjaLapangan.sekolahId, actor.sekolahId),
        eq(praktikKerjaLapangan.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
        scope,
      ),
    );
}

/** The plans this page shows the caller; the admin is no reader here (visiblePlansSql gives them all). */
const kehadiranPlansSql = (actor: Actor): SQL =>
  visiblePlansSql({ ...actor, roles: actor.roles.filter((r) => r !== 'admin') });

/** GET /api/pkl/kehadiran/rencana: the plans the caller may open, for the Tingkat → Rombel → DUDI picker. */
export async function listKehadiranRencana(db: Db, actor: Actor): Promise<KehadiranPklRencanaList> {
  requireKehadiranReader(actor);
  const rows = await rencanaQuery(db, actor, kehadiranPlansSql(actor)).orderBy(
    rombonganBelajar.tingkat,
    rombonganBelajar.nama,
    dudi.nama,
    aktPd.judulAktPd,
  );
  return { data: rows };
}

/** The plan's participants with their absences (0, 0, 0 without a row), by name. */
async function gridRows(db: Db, pklId: string): Promise<KehadiranPklRow[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select pd.peserta_didik_id, p.nama, p.nisn, s.sakit, s.izin, s.alpa, s.updated_at
      from pd_pkl pd
      join peserta_didik p on p.peserta_didik_id = pd.peserta_didik_id
      left join ${absensiPkl} s on s.peserta_didik_id = pd.peserta_didik_id and s.pkl_id = pd.pkl_id
      where pd.pkl_id = ${pklId}
      order by p.nama, pd.peserta_didik_id`,
  );
  return rows.map((r) => ({
    peserta_didik_id: String(r.peserta_didik_id),
    nama: String(r.nama),
    nisn: r.nisn === null ? null : String(r.nisn),
    sakit: Number(r.sakit ?? 0),
    izin: Number(r.izin ?? 0),
    alpa: Number(r.alpa ?? 0),
    updated_at: r.updated_at === null ? null : new Date(r.updated_at as string | Date).toISOString(),
  }));
}

/** One plan's header; the caller's access was checked before. */
async function rencanaOf(db: Db, actor: Actor, pklId: string): Promise<KehadiranPklRencana> {
  const [row] = await rencanaQuery(db, actor, eq(praktikKerjaLapangan.pklId, pklId));
  if (!row) throw new Error(`plan ${pklId} vanished`);
  return row;
}

/** GET /api/pkl/kehadiran?pkl_id: the grid (owner, co-supervisor, the class's wali, Waka). */
export async function getKehadiran(db: Db, actor: Actor, pklId: string): Promise<KehadiranPklResponse> {
  requireKehadiranReader(actor);
  const plan = await loadPlanAccess(db, actor, pklId);
  if (!plan.owner && !plan.co && !plan.wali && !plan.waka) throw forbidden(MESSAGES.forbidden);
  const rencana = await rencanaOf(db, actor, pklId);
  const gate = await penilaianGateOf(db, actor, plan.rombonganBelajarId);
  return {
    rencana: { ...rencana, hari: hariPkl(rencana.tanggal_mulai, rencana.tanggal_selesai) },
    bisa_ubah: plan.owner || plan.co,
    penilaian_tertutup: gate.open ? null : PENILAIAN_GATE_MESSAGES[gate.reason],
    data: await gridRows(db, pklId),
  };
}

const same = (a: number | undefined, b: number) => (a ?? 0) === b;
const show = (v: number | undefined) => v ?? 0;

/**
 * PUT /api/pkl/kehadiran: every cell checked first (422, nothing written: not a whole day, or the
 * row's sum beyond the placement's days), then under the plan's lock the gate (423) and the
 * comparison with what the browser loaded (409); the rows of pupils with a changed cell are
 * upserted whole.
 */
export async function saveKehadiran(
  db: Db,
  actor: Actor,
  input: KehadiranPklSave,
): Promise<KehadiranPklSaved> {
  const plan = await scorablePlan(db, actor, input.pkl_id);
  const rencana = await rencanaOf(db, actor, plan.pklId);
  const { details, values } = checkKehadiranPklRows(
    input.rows,
    rencana.tanggal_mulai,
    rencana.tanggal_selesai,
  );
  const members = await gridRows(db, plan.pklId);
  const names = new Map(members.map((m) => [m.peserta_didik_id, m.nama]));
  input.rows.forEach((row, i) => {
    if (!names.has(row.peserta_didik_id))
      details[`rows.${i}.peserta_didik_id`] = KEHADIRAN_PKL_MESSAGES.notParticipant;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<number>[] = input.rows.flatMap((row, index) =>
    JENIS_ABSENSI_PKL.map((jenis) => ({
      index,
      anggotaRombelId: row.peserta_didik_id,
      key: jenis,
      value: values[index]?.[jenis] ?? 0,
      sebelumnya: row.sebelumnya[jenis],
    })),
  );
  const ids = input.rows.map((r) => r.peserta_didik_id);
  const saved = await db.transaction(async (tx) => {
    const changing = await beginGridSave(
      tx,
      actor,
      { pembelajaranId: `absensi-pkl:${plan.pklId}`, rombonganBelajarId: plan.rombonganBelajarId },
      cells,
      async () => {
        const stored = await tx
          .select({
            pesertaDidikId: absensiPkl.pesertaDidikId,
            sakit: absensiPkl.sakit,
            izin: absensiPkl.izin,
            alpa: absensiPkl.alpa,
          })
          .from(absensiPkl)
          .where(and(eq(absensiPkl.pklId, plan.pklId), inArray(absensiPkl.pesertaDidikId, ids)))
          .for('update');
        const current = new Map<string, number>();
        for (const s of stored)
          for (const jenis of JENIS_ABSENSI_PKL) current.set(cellId(s.pesertaDidikId, jenis), s[jenis]);
        return current;
      },
      names,
      same,
      show,
      {
        field: (cell) => cell.key,
        conflict: KEHADIRAN_PKL_MESSAGES.conflict,
        audit: {
          jenis: 'absensi_pkl',
          rombonganBelajarId: plan.rombonganBelajarId,
          pembelajaranId: null,
          pupilKey: 'peserta_didik',
        },
      },
    );
    const rows = [...new Set(changing.map((c) => c.index))].map((i) => {
      const v = values[i] as Record<JenisAbsensiPkl, number>;
      return {
        sekolahId: actor.sekolahId,
        pklId: plan.pklId,
        pesertaDidikId: input.rows[i]?.peserta_didik_id as string,
        sakit: v.sakit,
        izin: v.izin,
        alpa: v.alpa,
      };
    });
    if (rows.length > 0) {
      await tx
        .insert(absensiPkl)
        .values(rows)
        .onConflictDoUpdate({
          target: [absensiPkl.pesertaDidikId, absensiPkl.pklId],
          set: {
            sakit: sql`excluded.sakit`,
            izin: sql`excluded.izin`,
            alpa: sql`excluded.alpa`,
            updatedAt: sql`now()`,
          },
        });
    }
    return rows.length;
  });
  return { message: KEHADIRAN_PKL_MESSAGES.saved, saved, data: await gridRows(db, plan.pklId) };
}
