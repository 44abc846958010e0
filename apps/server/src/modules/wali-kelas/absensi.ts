import { PENILAIAN_GATE_CODES, PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import {
  ABSENSI_MESSAGES,
  type AbsensiQuery,
  type AbsensiResponse,
  type AbsensiRow,
  type AbsensiSave,
  type AbsensiSaved,
  checkAbsensiRows,
  JENIS_ABSENSI,
  type JenisAbsensi,
} from '@erapor/contract/wali-kelas/absensi';
import { inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { anggotaRombel, pesertaDidik } from '../../db/tables/referensi';
import { absensi } from '../../db/tables/wali-kelas';
import { AppError } from '../../lib/errors';
import { penilaianGateOf } from '../penilaian/gate';
import { beginGridSave, type Cell, cellId, validationError } from '../penilaian/grid-save';
import { absensiPklKelas, kelasHasPkl } from '../pkl/wali';
import { ownWaliRombel, type WaliRombel } from './access';

/** The live members of the class with their absences (0, 0, 0 without a row), by name. */
async function gridRows(db: Db, rombelId: string): Promise<AbsensiRow[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, s.sakit, s.izin, s.alpa, s.updated_at
      from ${anggotaRombel} a
      join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      left join ${absensi} s on s.anggota_rombel_id = a.anggota_rombel_id
      where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
      order by p.nama, a.anggota_rombel_id`,
  );
  return rows.map((r) => ({
    anggota_rombel_id: String(r.anggota_rombel_id),
    nama: String(r.nama),
    nisn: r.nisn === null ? null : String(r.nisn),
    sakit: Number(r.sakit ?? 0),
    izin: Number(r.izin ?? 0),
    alpa: Number(r.alpa ?? 0),
    updated_at: r.updated_at === null ? null : new Date(r.updated_at as string | Date).toISOString(),
  }));
}

/** Why the class's absences cannot be written now, or null. The wali's own lock says how to undo it. */
async function closedMessage(db: Db, actor: Actor, rombelId: string): Promise<string | null> {
  const gate = await penilaianGateOf(db, actor, rombelId);
  if (gate.open) return null;
  return gate.reason === 'lockedByWali' ? ABSENSI_MESSAGES.lockedOwn : PENILAIAN_GATE_MESSAGES[gate.reason];
}

const kelasOptions = (all: readonly WaliRombel[]) =>
  all.map((r) => ({ value: r.rombonganBelajarId, label: r.nama }));

/** GET /api/wali-kelas/ketidakhadiran: the grid of the caller's class. */
export async function getAbsensi(db: Db, actor: Actor, query: AbsensiQuery): Promise<AbsensiResponse> {
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  return {
    rombel: { rombongan_belajar_id: rombel.rombonganBelajarId, nama: rombel.nama },
    kelas: kelasOptions(all),
    penilaian_tertutup: await closedMessage(db, actor, rombel.rombonganBelajarId),
    // Absences recorded at the DUDI, shown beside the grid ("Salin dari PKL" copies them for review).
    pkl: (await kelasHasPkl(db, rombel.rombonganBelajarId))
      ? await absensiPklKelas(db, rombel.rombonganBelajarId)
      : null,
    data: await gridRows(db, rombel.rombonganBelajarId),
  };
}

const same = (a: number | undefined, b: number) => (a ?? 0) === b;
const show = (v: number | undefined) => v ?? 0;

/**
 * PUT /api/wali-kelas/ketidakhadiran: the changed rows in one transaction through the shared grid
 * save (penilaian/grid-save.ts): every cell checked first (422, nothing written), then under the
 * class's lock the gate (423) and the comparison with what the browser loaded (409, nothing
 * written); the rows of the pupils with a changed cell are upserted whole.
 */
export async function saveAbsensi(db: Db, actor: Actor, input: AbsensiSave): Promise<AbsensiSaved> {
  const { rombel } = await ownWaliRombel(db, actor, input.rombongan_belajar_id);
  const rombelId = rombel.rombonganBelajarId;
  const { details, values } = checkAbsensiRows(input.rows);
  const members = await gridRows(db, rombelId);
  const names = new Map(members.map((m) => [m.anggota_rombel_id, m.nama]));
  input.rows.forEach((row, i) => {
    if (!names.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = ABSENSI_MESSAGES.notMember;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<number>[] = input.rows.flatMap((row, index) =>
    JENIS_ABSENSI.map((jenis) => ({
      index,
      anggotaRombelId: row.anggota_rombel_id,
      key: jenis,
      value: values[index]?.[jenis] ?? 0,
      sebelumnya: row.sebelumnya[jenis],
    })),
  );
  const ids = input.rows.map((r) => r.anggota_rombel_id);
  const saved = await db
    .transaction(async (tx) => {
      const changing = await beginGridSave(
        tx,
        actor,
        { pembelajaranId: `absensi:${rombelId}`, rombonganBelajarId: rombelId },
        cells,
        async () => {
          const stored = await tx
            .select({
              anggotaRombelId: absensi.anggotaRombelId,
              sakit: absensi.sakit,
              izin: absensi.izin,
              alpa: absensi.alpa,
            })
            .from(absensi)
            .where(inArray(absensi.anggotaRombelId, ids))
            .for('update');
          const current = new Map<string, number>();
          for (const s of stored)
            for (const jenis of JENIS_ABSENSI) current.set(cellId(s.anggotaRombelId, jenis), s[jenis]);
          return current;
        },
        names,
        same,
        show,
        {
          field: (cell) => cell.key,
          conflict: ABSENSI_MESSAGES.conflict,
          audit: { jenis: 'absensi', rombonganBelajarId: rombelId, pembelajaranId: null },
        },
      );
      const rows = [...new Set(changing.map((c) => c.index))].map((i) => {
        const v = values[i] as Record<JenisAbsensi, number>;
        return {
          sekolahId: actor.sekolahId,
          anggotaRombelId: input.rows[i]?.anggota_rombel_id as string,
          sakit: v.sakit,
          izin: v.izin,
          alpa: v.alpa,
        };
      });
      if (rows.length > 0) {
        await tx
          .insert(absensi)
          .values(rows)
          .onConflictDoUpdate({
            target: absensi.anggotaRombelId,
            set: {
              sakit: sql`excluded.sakit`,
              izin: sql`excluded.izin`,
              alpa: sql`excluded.alpa`,
              updatedAt: sql`now()`,
            },
          });
      }
      return rows.length;
    })
    .catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      // The gate's lock message asks to contact the wali kelas: here the caller is that wali.
      if (err.statusCode === 423 && err.code === PENILAIAN_GATE_CODES.lockedByWali) {
        throw new AppError(423, err.code, ABSENSI_MESSAGES.lockedOwn);
      }
      throw err;
    });
  return { message: ABSENSI_MESSAGES.saved, saved, data: await gridRows(db, rombelId) };
}
