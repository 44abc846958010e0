import { PENILAIAN_GATE_CODES, PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import {
  CATATAN_MESSAGES,
  type CatatanQuery,
  type CatatanResponse,
  type CatatanRow,
  type CatatanSave,
  type CatatanSaved,
  checkCatatanRows,
  type JenisCatatan,
  kokurikulerBerlaku,
} from '@erapor/contract/wali-kelas/catatan';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { anggotaRombel, pesertaDidik } from '../../db/tables/referensi';
import { catatanWali } from '../../db/tables/wali-kelas';
import { AppError } from '../../lib/errors';
import { penilaianGateOf } from '../penilaian/gate';
import { beginGridSave, type Cell, cellId, validationError } from '../penilaian/grid-save';
import { ownWaliRombel, requireWali, type WaliRombel } from './access';

/*
 * Catatan Wali Kelas and Kokurikuler (issue #11 item 2; docs/decisions/028-wali-kelas-catatan.md):
 * one text per pupil of the wali's class in `catatan_wali` under its `type`. Saved like every grid
 * (penilaian/grid-save.ts): all texts checked first (422), then in one transaction the class's lock,
 * the gate (423) and the comparison with what the browser loaded (409).
 */

/**
 * Kokurikuler exists from 20251: before, its API says so (409) rather than showing an empty page.
 * Checked after the role (a non-wali still gets 403) and before the class (a past semester's wali
 * may have no class of that semester, yet should read why the page is empty).
 */
function assertJenisBerlaku(actor: Actor, jenis: JenisCatatan): void {
  if (jenis === 'kokurikuler' && !kokurikulerBerlaku(actor.semesterId)) {
    throw new AppError(409, 'KOKURIKULER_BELUM_BERLAKU', CATATAN_MESSAGES.kokurikulerBelumBerlaku);
  }
}

/** The live members of the class with their text of `jenis` ('' without a row), by name. */
async function gridRows(db: Db, rombelId: string, jenis: JenisCatatan): Promise<CatatanRow[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, c.uraian_deskripsi, c.updated_at
      from ${anggotaRombel} a
      join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      left join ${catatanWali} c on c.anggota_rombel_id = a.anggota_rombel_id and c.type = ${jenis}
      where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
      order by p.nama, a.anggota_rombel_id`,
  );
  return rows.map((r) => ({
    anggota_rombel_id: String(r.anggota_rombel_id),
    nama: String(r.nama),
    nisn: r.nisn === null ? null : String(r.nisn),
    uraian: r.uraian_deskripsi === null ? '' : String(r.uraian_deskripsi),
    updated_at: r.updated_at === null ? null : new Date(r.updated_at as string | Date).toISOString(),
  }));
}

/** Why the class's homeroom texts cannot be written now, or null. The wali's own lock says how to undo it. */
export async function closedMessage(db: Db, actor: Actor, rombelId: string): Promise<string | null> {
  const gate = await penilaianGateOf(db, actor, rombelId);
  if (gate.open) return null;
  return gate.reason === 'lockedByWali' ? CATATAN_MESSAGES.lockedOwn : PENILAIAN_GATE_MESSAGES[gate.reason];
}

/** The gate's lock message asks to contact the wali kelas: here the caller is that wali. */
export function ownLockMessage(err: unknown): never {
  if (err instanceof AppError && err.statusCode === 423 && err.code === PENILAIAN_GATE_CODES.lockedByWali) {
    throw new AppError(423, err.code, CATATAN_MESSAGES.lockedOwn);
  }
  throw err;
}

export const kelasOptions = (all: readonly WaliRombel[]) =>
  all.map((r) => ({ value: r.rombonganBelajarId, label: r.nama }));

/** GET /api/wali-kelas/catatan-wali-kelas and /kokurikuler: the caller's class and its texts. */
export async function getCatatan(
  db: Db,
  actor: Actor,
  jenis: JenisCatatan,
  query: CatatanQuery,
): Promise<CatatanResponse> {
  assertJenisBerlaku(requireWali(actor), jenis);
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  return {
    jenis,
    rombel: { rombongan_belajar_id: rombel.rombonganBelajarId, nama: rombel.nama },
    kelas: kelasOptions(all),
    penilaian_tertutup: await closedMessage(db, actor, rombel.rombonganBelajarId),
    data: await gridRows(db, rombel.rombonganBelajarId, jenis),
  };
}

const same = (a: string | undefined, b: string) => (a ?? '') === b;
const show = (v: string | undefined) => (v ? (v.length > 60 ? `${v.slice(0, 60)}…` : v) : '(kosong)');

/** PUT: the changed texts in one transaction; an empty text deletes the pupil's row. */
export async function saveCatatan(
  db: Db,
  actor: Actor,
  jenis: JenisCatatan,
  input: CatatanSave,
): Promise<CatatanSaved> {
  assertJenisBerlaku(requireWali(actor), jenis);
  const { rombel } = await ownWaliRombel(db, actor, input.rombongan_belajar_id);
  const rombelId = rombel.rombonganBelajarId;
  const { details, values } = checkCatatanRows(input.rows);
  const members = await gridRows(db, rombelId, jenis);
  const names = new Map(members.map((m) => [m.anggota_rombel_id, m.nama]));
  input.rows.forEach((row, i) => {
    if (!names.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = CATATAN_MESSAGES.notMember;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<string>[] = input.rows.map((row, index) => ({
    index,
    anggotaRombelId: row.anggota_rombel_id,
    key: jenis,
    value: values[index] ?? '',
    sebelumnya: row.sebelumnya.trim(),
  }));
  const ids = input.rows.map((r) => r.anggota_rombel_id);
  const saved = await db
    .transaction(async (tx) => {
      const changing = await beginGridSave(
        tx,
        actor,
        // Both texts of a class share one lock key (one save at a time per class and kind).
        { pembelajaranId: `catatan:${jenis}:${rombelId}`, rombonganBelajarId: rombelId },
        cells,
        async () => {
          const stored = await tx
            .select({ id: catatanWali.anggotaRombelId, uraian: catatanWali.uraianDeskripsi })
            .from(catatanWali)
            .where(and(inArray(catatanWali.anggotaRombelId, ids), eq(catatanWali.type, jenis)))
            .for('update');
          return new Map(stored.map((s) => [cellId(s.id, jenis), s.uraian]));
        },
        names,
        same,
        show,
        {
          field: () => 'uraian',
          conflict: CATATAN_MESSAGES.conflict,
          audit: {
            jenis: 'catatan_wali',
            rombonganBelajarId: rombelId,
            pembelajaranId: null,
            value: (v) => v || null,
          },
        },
      );
      const upserts = changing.filter((c) => c.value !== '');
      const deletes = changing.filter((c) => c.value === '').map((c) => c.anggotaRombelId);
      if (upserts.length > 0) {
        await tx
          .insert(catatanWali)
          .values(
            upserts.map((c) => ({
              sekolahId: actor.sekolahId,
              anggotaRombelId: c.anggotaRombelId,
              type: jenis,
              uraianDeskripsi: c.value,
            })),
          )
          .onConflictDoUpdate({
            target: [catatanWali.anggotaRombelId, catatanWali.type],
            set: { uraianDeskripsi: sql`excluded.uraian_deskripsi`, updatedAt: sql`now()` },
          });
      }
      if (deletes.length > 0) {
        await tx
          .delete(catatanWali)
          .where(and(inArray(catatanWali.anggotaRombelId, deletes), eq(catatanWali.type, jenis)));
      }
      return changing.length;
    })
    .catch(ownLockMessage);
  return { message: CATATAN_MESSAGES.saved, saved, data: await gridRows(db, rombelId, jenis) };
}
