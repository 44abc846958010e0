import {
  checkNilaiProjekRows,
  kodeOfOpsi,
  type NilaiProjekGrid,
  type NilaiProjekSave,
  type NilaiProjekSaved,
  P5_NILAI_MESSAGES,
  type P5CellValue,
  type P5RombelList,
} from '@erapor/contract/projek/penilaian';
import { offeredOpsi, p5Writable } from '@erapor/contract/projek/rules';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { aspekBudayaKerja, nilaiBudayaKerja, rencanaBudayaKerja } from '../../db/tables/projek';
import { anggotaRombel, pesertaDidik, rombonganBelajar } from '../../db/tables/referensi';
import { refP5Opsi } from '../../db/tables/referensi-ref';
import { catatanBudayaKerja } from '../../db/tables/wali-kelas';
import { gateState } from '../penilaian/access';
import {
  beginGridSave,
  type Cell,
  cellId,
  requireSomeChange,
  uuidPairsIn,
  validationError,
} from '../penilaian/grid-save';
import { coordinatedRombel, requireKoordP5, requireP5Writer, teachesP5Sql } from './access';
import { subElemenRows } from './sub-elemen';

/*
 * Proses Penilaian P5 (issue #13 item 2; contract projek/penilaian.ts). The Koord P5 of a class
 * gives each pupil a level per sub-element of each project and a Catatan proses per project. A
 * save goes the way every grade grid does (penilaian/grid-save.ts): all bad cells at once (422),
 * then one transaction — a lock per class, the gate (423), the stale check against what the
 * browser loaded (409) — upserts for values, deletes for emptied cells. From 20251 read-only.
 */

const catatanKey = (rencanaId: string) => `catatan:${rencanaId}`;

/** The classes whose P5 the caller coordinates (the Tingkat → Rombel cascade). */
export async function listRombel(db: Db, actor: Actor): Promise<P5RombelList> {
  const me = requireKoordP5(actor);
  const data = await db
    .select({
      rombongan_belajar_id: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, me.sekolahId),
        eq(rombonganBelajar.semesterId, me.semesterId),
        isNull(rombonganBelajar.deletedAt),
        teachesP5Sql(me.guruId, sql`${rombonganBelajar.rombonganBelajarId}`),
      ),
    )
    .orderBy(asc(rombonganBelajar.tingkat), asc(rombonganBelajar.nama));
  return { data };
}

async function pupilsOf(db: Db, rombelId: string) {
  return db
    .select({
      anggota_rombel_id: anggotaRombel.anggotaRombelId,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(anggotaRombel)
    .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, anggotaRombel.pesertaDidikId))
    .where(and(eq(anggotaRombel.rombonganBelajarId, rombelId), isNull(anggotaRombel.deletedAt)))
    .orderBy(asc(pesertaDidik.nama), asc(anggotaRombel.anggotaRombelId));
}

/** The class's projects (by no_urut) with their sub-elements in checklist order. */
export async function projectsOf(db: Db, rombelId: string) {
  const [plans, aspek, all] = await Promise.all([
    db
      .select({
        rencana_budaya_kerja_id: rencanaBudayaKerja.rencanaBudayaKerjaId,
        nama: rencanaBudayaKerja.nama,
        deskripsi: rencanaBudayaKerja.deskripsi,
        no_urut: rencanaBudayaKerja.noUrut,
      })
      .from(rencanaBudayaKerja)
      .where(eq(rencanaBudayaKerja.rombonganBelajarId, rombelId))
      .orderBy(asc(rencanaBudayaKerja.noUrut)),
    db
      .select({
        id: aspekBudayaKerja.aspekBudayaKerjaId,
        rencana: aspekBudayaKerja.rencanaBudayaKerjaId,
        elemenId: aspekBudayaKerja.elemenId,
      })
      .from(aspekBudayaKerja)
      .innerJoin(
        rencanaBudayaKerja,
        eq(rencanaBudayaKerja.rencanaBudayaKerjaId, aspekBudayaKerja.rencanaBudayaKerjaId),
      )
      .where(eq(rencanaBudayaKerja.rombonganBelajarId, rombelId)),
    subElemenRows(db),
  ]);
  const order = new Map(all.map((s, i) => [s.sub_elemen, i]));
  const ref = new Map(all.map((s) => [s.sub_elemen, s]));
  return plans.map((p) => ({
    ...p,
    aspek: aspek
      .filter((a) => a.rencana === p.rencana_budaya_kerja_id)
      .sort((a, b) => (order.get(a.elemenId) ?? 0) - (order.get(b.elemenId) ?? 0))
      .map((a) => {
        const s = ref.get(a.elemenId);
        return {
          aspek_budaya_kerja_id: a.id,
          dimensi_no: s?.dimensi_no ?? 0,
          dimensi: s?.dimensi ?? '',
          elemen: s?.nama_elemen ?? '',
          sub_elemen: s?.deskripsi ?? '',
        };
      }),
  }));
}

/** Stored cells of the class keyed `anggota#aspek` (opsi id) and `anggota#catatan:rencana` (text). */
async function storedCells(db: Db, rombelId: string): Promise<Map<string, P5CellValue>> {
  const [scores, notes] = await Promise.all([
    db
      .select({
        ar: nilaiBudayaKerja.anggotaRombelId,
        aspek: nilaiBudayaKerja.aspekBudayaKerjaId,
        opsi: nilaiBudayaKerja.opsiId,
      })
      .from(nilaiBudayaKerja)
      .innerJoin(
        aspekBudayaKerja,
        eq(aspekBudayaKerja.aspekBudayaKerjaId, nilaiBudayaKerja.aspekBudayaKerjaId),
      )
      .innerJoin(
        rencanaBudayaKerja,
        eq(rencanaBudayaKerja.rencanaBudayaKerjaId, aspekBudayaKerja.rencanaBudayaKerjaId),
      )
      .where(eq(rencanaBudayaKerja.rombonganBelajarId, rombelId)),
    db
      .select({
        ar: catatanBudayaKerja.anggotaRombelId,
        rencana: catatanBudayaKerja.rencanaBudayaKerjaId,
        catatan: catatanBudayaKerja.catatan,
      })
      .from(catatanBudayaKerja)
      .innerJoin(
        rencanaBudayaKerja,
        eq(rencanaBudayaKerja.rencanaBudayaKerjaId, catatanBudayaKerja.rencanaBudayaKerjaId),
      )
      .where(eq(rencanaBudayaKerja.rombonganBelajarId, rombelId)),
  ]);
  const map = new Map<string, P5CellValue>();
  for (const s of scores) map.set(cellId(s.ar, s.aspek), s.opsi);
  for (const n of notes) if (n.rencana) map.set(cellId(n.ar, catatanKey(n.rencana)), n.catatan);
  return map;
}

export async function getGrid(db: Db, actor: Actor, rombelId: string): Promise<NilaiProjekGrid> {
  const me = requireKoordP5(actor);
  const rombel = await coordinatedRombel(db, me, rombelId);
  const [plans, siswa, stored, opsiRows, gate] = await Promise.all([
    projectsOf(db, rombelId),
    pupilsOf(db, rombelId),
    storedCells(db, rombelId),
    db.select().from(refP5Opsi),
    gateState(db, me, rombel.kunciNilai),
  ]);
  const writable = p5Writable(me.semesterId);
  return {
    rombongan_belajar_id: rombelId,
    rombel: rombel.nama,
    gate,
    writable,
    can_edit: writable && gate.open,
    opsi: offeredOpsi(
      opsiRows.map((o) => ({ opsi_id: o.opsiId, kode: o.kode, nama: o.nama, deskripsi: o.deskripsi ?? '' })),
    ),
    rencana: plans.map(({ deskripsi: _d, ...p }) => ({
      ...p,
      aspek: p.aspek.map(({ dimensi_no: _n, ...a }) => a),
    })),
    siswa: siswa.map((s) => {
      const nilai: Record<string, number> = {};
      const catatan: Record<string, string> = {};
      for (const p of plans) {
        for (const a of p.aspek) {
          const v = stored.get(cellId(s.anggota_rombel_id, a.aspek_budaya_kerja_id));
          if (typeof v === 'number') nilai[a.aspek_budaya_kerja_id] = v;
        }
        const c = stored.get(cellId(s.anggota_rombel_id, catatanKey(p.rencana_budaya_kerja_id)));
        if (typeof c === 'string') catatan[p.rencana_budaya_kerja_id] = c;
      }
      return { ...s, nilai, catatan };
    }),
  };
}

const same = (a: P5CellValue | undefined, b: P5CellValue) => (a ?? null) === b;
const show = (v: P5CellValue | undefined) => v ?? null;
/** A score as the Riwayat Perubahan Nilai shows it: its code (BSH), not the stored opsi id. */
const recorded = (v: P5CellValue | undefined) =>
  typeof v === 'number' ? kodeOfOpsi(v) || String(v) : (v ?? null);

export async function saveGrid(
  db: Db,
  actor: Actor,
  rombelId: string,
  input: NilaiProjekSave,
): Promise<NilaiProjekSaved> {
  const me = requireP5Writer(actor);
  await coordinatedRombel(db, me, rombelId);
  return db.transaction(async (tx) => {
    // Only the ids matter here (not the reference texts the grid shows): one query.
    const [pupils, keys] = await Promise.all([
      pupilsOf(tx, rombelId),
      tx
        .select({
          rencana: rencanaBudayaKerja.rencanaBudayaKerjaId,
          aspek: aspekBudayaKerja.aspekBudayaKerjaId,
        })
        .from(rencanaBudayaKerja)
        .leftJoin(
          aspekBudayaKerja,
          eq(aspekBudayaKerja.rencanaBudayaKerjaId, rencanaBudayaKerja.rencanaBudayaKerjaId),
        )
        .where(eq(rencanaBudayaKerja.rombonganBelajarId, rombelId)),
    ]);
    const names = new Map(pupils.map((p) => [p.anggota_rombel_id, p.nama]));
    const aspekIds = new Set(keys.flatMap((k) => (k.aspek ? [k.aspek] : [])));
    const rencanaIds = new Set(keys.map((k) => k.rencana));
    const { details, values } = checkNilaiProjekRows(input.rows);
    input.rows.forEach((row, i) => {
      if (!names.has(row.anggota_rombel_id))
        details[`rows.${i}.anggota_rombel_id`] = P5_NILAI_MESSAGES.pdNotInRombel;
      if (row.aspek_budaya_kerja_id !== null && !aspekIds.has(row.aspek_budaya_kerja_id))
        details[`rows.${i}.aspek_budaya_kerja_id`] = P5_NILAI_MESSAGES.aspekNotInRombel;
      if (row.rencana_budaya_kerja_id !== null && !rencanaIds.has(row.rencana_budaya_kerja_id))
        details[`rows.${i}.rencana_budaya_kerja_id`] = P5_NILAI_MESSAGES.rencanaNotInRombel;
    });
    if (Object.keys(details).length > 0) throw validationError(details);

    const cells: Cell<P5CellValue>[] = input.rows.map((row, i) => {
      const score = row.aspek_budaya_kerja_id !== null;
      const before = row.sebelumnya;
      return {
        index: i,
        anggotaRombelId: row.anggota_rombel_id,
        key: row.aspek_budaya_kerja_id ?? catatanKey(row.rencana_budaya_kerja_id ?? ''),
        value: values[i] ?? null,
        // What the browser loaded, in the stored form (an id for a score, trimmed text for a note).
        sebelumnya: score
          ? typeof before === 'number'
            ? before
            : null
          : typeof before === 'string' && before.trim()
            ? before.trim()
            : null,
      };
    });
    requireSomeChange(cells, same);
    const changing = await beginGridSave(
      tx,
      actor,
      { pembelajaranId: `p5:${rombelId}`, rombonganBelajarId: rombelId },
      cells,
      () => storedCells(tx, rombelId),
      names,
      same,
      show,
      {
        field: (c) => (c.key.startsWith('catatan:') ? 'catatan' : 'nilai'),
        conflict: P5_NILAI_MESSAGES.conflict,
        audit: {
          value: recorded,
          jenis: (key) => (key.startsWith('catatan:') ? 'p5_catatan' : 'p5'),
          rombonganBelajarId: rombelId,
          pembelajaranId: null,
        },
      },
    );
    const notes = changing.filter((c) => c.key.startsWith('catatan:'));
    const scores = changing.filter((c) => !c.key.startsWith('catatan:'));
    const writes = scores.filter((c) => c.value !== null);
    const deletes = scores.filter((c) => c.value === null);
    if (writes.length > 0) {
      await tx
        .insert(nilaiBudayaKerja)
        .values(
          writes.map((c) => ({
            sekolahId: me.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            aspekBudayaKerjaId: c.key,
            opsiId: c.value as number,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiBudayaKerja.anggotaRombelId, nilaiBudayaKerja.aspekBudayaKerjaId],
          set: { opsiId: sql`excluded.opsi_id`, updatedAt: sql`now()` },
        });
    }
    if (deletes.length > 0) {
      await tx.delete(nilaiBudayaKerja).where(
        uuidPairsIn(
          sql`(${nilaiBudayaKerja.anggotaRombelId}, ${nilaiBudayaKerja.aspekBudayaKerjaId})`,
          deletes.map((c) => [c.anggotaRombelId, c.key] as const),
        ),
      );
    }
    const noteWrites = notes.filter((c) => c.value !== null);
    const noteDeletes = notes.filter((c) => c.value === null);
    if (noteWrites.length > 0) {
      await tx
        .insert(catatanBudayaKerja)
        .values(
          noteWrites.map((c) => ({
            sekolahId: me.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            rencanaBudayaKerjaId: c.key.slice('catatan:'.length),
            catatan: c.value as string,
          })),
        )
        .onConflictDoUpdate({
          target: [catatanBudayaKerja.anggotaRombelId, catatanBudayaKerja.rencanaBudayaKerjaId],
          set: { catatan: sql`excluded.catatan`, updatedAt: sql`now()` },
        });
    }
    if (noteDeletes.length > 0) {
      await tx.delete(catatanBudayaKerja).where(
        and(
          inArray(
            catatanBudayaKerja.anggotaRombelId,
            noteDeletes.map((c) => c.anggotaRombelId),
          ),
          uuidPairsIn(
            sql`(${catatanBudayaKerja.anggotaRombelId}, ${catatanBudayaKerja.rencanaBudayaKerjaId})`,
            noteDeletes.map((c) => [c.anggotaRombelId, c.key.slice('catatan:'.length)] as const),
          ),
        ),
      );
    }
    return {
      message: P5_NILAI_MESSAGES.saved,
      saved: writes.length + noteWrites.length,
      deleted: deletes.length + noteDeletes.length,
    };
  });
}
