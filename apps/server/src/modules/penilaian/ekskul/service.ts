import { MESSAGES } from '@erapor/contract/errors';
import {
  checkNilaiEkskulRows,
  deskripsiEkskul,
  EKSKUL_NILAI_MESSAGES,
  type EkskulPembinaResponse,
  type NilaiEkskulFilter,
  type NilaiEkskulResponse,
  type NilaiEkskulRow,
  type NilaiEkskulSave,
  PREDIKAT_EKSKUL,
} from '@erapor/contract/penilaian/ekskul';
import { PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { nilaiEkstrakurikuler } from '../../../db/tables/penilaian';
import { anggotaRombel, ekstrakurikuler, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { AppError, fieldError, forbidden, notFound } from '../../../lib/errors';
import { type Perubahan, type RiwayatTarget, recordChanges } from '../../riwayat-nilai/record';
import { assertPenilaianOpen, penilaianGateOf } from '../gate';

/** The caller as a pembina: role pembina_ekskul in the login's semester and a guru record. */
function requirePembina(actor: Actor): string {
  if (!actor.guruId || !actor.roles.includes('pembina_ekskul')) throw forbidden(MESSAGES.forbidden);
  return actor.guruId;
}

/** The pembina of an ekskul: ekstrakurikuler.guru_id, else the guru of its jenis-51 rombel. */
const pembinaOf = sql<
  string | null
>`coalesce(${ekstrakurikuler.guruId}, (select r.guru_id from ${rombonganBelajar} r
  where r.rombongan_belajar_id = ${ekstrakurikuler}.rombongan_belajar_id))`;

const jumlahAnggota = sql<number>`(select count(*) from ${anggotaRombel} a
  where a.rombongan_belajar_id = ${ekstrakurikuler}.rombongan_belajar_id and a.deleted_at is null)`;
const jumlahDinilai = sql<number>`(select count(*) from ${nilaiEkstrakurikuler} n
  join ${anggotaRombel} a on a.anggota_rombel_id = n.anggota_rombel_id and a.deleted_at is null
  where n.ekstrakurikuler_id = ${ekstrakurikuler}.ekstrakurikuler_id
    and a.rombongan_belajar_id = ${ekstrakurikuler}.rombongan_belajar_id)`;

/** The caller's extracurriculars of the login's semester (reference-screens §7.7 "get-ekskul"). */
export async function listEkskul(db: Db, actor: Actor): Promise<EkskulPembinaResponse> {
  const me = requirePembina(actor);
  const data = await db
    .select({
      ekstrakurikuler_id: ekstrakurikuler.ekstrakurikulerId,
      nama_ekskul: ekstrakurikuler.namaEkskul,
      rombongan_belajar_id: ekstrakurikuler.rombonganBelajarId,
      jumlah_anggota: jumlahAnggota.mapWith(Number),
      jumlah_dinilai: jumlahDinilai.mapWith(Number),
    })
    .from(ekstrakurikuler)
    .where(
      and(
        eq(ekstrakurikuler.sekolahId, actor.sekolahId),
        eq(ekstrakurikuler.semesterId, actor.semesterId),
        isNull(ekstrakurikuler.deletedAt),
        sql`${pembinaOf} = ${me}`,
      ),
    )
    .orderBy(asc(ekstrakurikuler.namaEkskul));
  return { data, predikat: PREDIKAT_EKSKUL.map((p) => ({ ...p })) };
}

interface OwnEkskul {
  id: string;
  nama: string;
  rombelId: string | null;
}

/** An ekskul of the login's semester that the caller supervises: 404 unknown, 403 someone else's. */
async function ownEkskul(db: Db, actor: Actor, ekstrakurikulerId: string): Promise<OwnEkskul> {
  const me = requirePembina(actor);
  const [row] = await db
    .select({
      id: ekstrakurikuler.ekstrakurikulerId,
      nama: ekstrakurikuler.namaEkskul,
      rombelId: ekstrakurikuler.rombonganBelajarId,
      pembina: pembinaOf,
    })
    .from(ekstrakurikuler)
    .where(
      and(
        eq(ekstrakurikuler.ekstrakurikulerId, ekstrakurikulerId),
        eq(ekstrakurikuler.sekolahId, actor.sekolahId),
        eq(ekstrakurikuler.semesterId, actor.semesterId),
        isNull(ekstrakurikuler.deletedAt),
      ),
    );
  if (!row) throw notFound(EKSKUL_NILAI_MESSAGES.notFound);
  if (row.pembina !== me) throw forbidden(MESSAGES.forbidden);
  return { id: row.id, nama: row.nama, rombelId: row.rombelId };
}

interface MemberRow extends NilaiEkskulRow {
  kelas_id: string | null;
  [key: string]: unknown;
}

/**
 * The members with their regular class of the semester and their grade. One query: the regular
 * class comes from a LATERAL lookup of the pupil's jenis-1 membership.
 */
async function memberRows(db: Db, actor: Actor, ekskul: OwnEkskul): Promise<MemberRow[]> {
  if (!ekskul.rombelId) return [];
  const rows = await sqlRows<MemberRow>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, k.nama as kelas, k.rombongan_belajar_id as kelas_id,
        n.nilai, n.deskripsi_ekskul as deskripsi
      from ${anggotaRombel} a
      join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      left join lateral (
        select r.nama, r.rombongan_belajar_id from ${anggotaRombel} a2
        join ${rombonganBelajar} r on r.rombongan_belajar_id = a2.rombongan_belajar_id
        where a2.peserta_didik_id = a.peserta_didik_id and a2.semester_id = ${actor.semesterId}
          and a2.deleted_at is null and r.jenis_rombel = 1 and r.deleted_at is null
        order by r.nama limit 1
      ) k on true
      left join ${nilaiEkstrakurikuler} n
        on n.anggota_rombel_id = a.anggota_rombel_id and n.ekstrakurikuler_id = ${ekskul.id}
      where a.rombongan_belajar_id = ${ekskul.rombelId} and a.deleted_at is null
      order by k.nama nulls last, p.nama, a.anggota_rombel_id`,
  );
  return rows.map((r) => ({ ...r, nilai: r.nilai === null ? null : Number(r.nilai) }));
}

const publicRow = ({
  anggota_rombel_id,
  nama,
  nisn,
  kelas,
  nilai,
  deskripsi,
}: MemberRow): NilaiEkskulRow => ({
  anggota_rombel_id,
  nama,
  nisn,
  kelas,
  nilai,
  deskripsi,
});

function kelasOptions(rows: readonly MemberRow[]): { value: string; label: string }[] {
  const kelas = new Map<string, string>();
  for (const r of rows) if (r.kelas_id && r.kelas) kelas.set(r.kelas_id, r.kelas);
  return [...kelas]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function applyFilter(rows: MemberRow[], filter: NilaiEkskulFilter): MemberRow[] {
  if (!filter.rombongan_belajar_id) return rows;
  if (!rows.some((r) => r.kelas_id === filter.rombongan_belajar_id)) {
    throw fieldError('rombongan_belajar_id', EKSKUL_NILAI_MESSAGES.rombelFilterUnknown);
  }
  return rows.filter((r) => r.kelas_id === filter.rombongan_belajar_id);
}

/** The grid of one ekskul, optionally only the pupils of one regular class. */
export async function getNilai(
  db: Db,
  actor: Actor,
  ekstrakurikulerId: string,
  filter: NilaiEkskulFilter,
): Promise<NilaiEkskulResponse> {
  const ekskul = await ownEkskul(db, actor, ekstrakurikulerId);
  const rows = await memberRows(db, actor, ekskul);
  let tertutup: string | null = null;
  if (ekskul.rombelId) {
    const gate = await penilaianGateOf(db, actor, ekskul.rombelId);
    tertutup = gate.open ? null : PENILAIAN_GATE_MESSAGES[gate.reason];
  }
  return {
    ekskul: {
      ekstrakurikuler_id: ekskul.id,
      nama_ekskul: ekskul.nama,
      rombongan_belajar_id: ekskul.rombelId,
    },
    kelas: kelasOptions(rows),
    penilaian_tertutup: tertutup,
    data: applyFilter(rows, filter).map(publicRow),
  };
}

/** An ekskul grade as the Riwayat Perubahan Nilai records it: predikat and the printed text. */
const ekskulText = (nilai: string | number | null, deskripsi: string | null) =>
  nilai === null ? null : deskripsi ? `${nilai} — ${deskripsi}` : String(nilai);
const audit = (rombelId: string): RiwayatTarget => ({
  jenis: 'ekskul',
  rombonganBelajarId: rombelId,
  pembelajaranId: null,
});

const conflict = () => new AppError(409, 'CONFLICT', EKSKUL_NILAI_MESSAGES.conflict);

/**
 * Saves the changed rows in one transaction. Every row must be a member of the ekskul; each row
 * carries what the browser loaded, and any row stored differently now (someone else saved in
 * between) makes the whole save 409. A predikat without a description stores the default text
 * (only the description is printed); no predikat removes the grade. Grades are gated by the
 * ekskul's own rombel and the school switch, not by the lock of the pupils' regular classes
 * (docs/decisions/015).
 */
export async function saveNilai(
  db: Db,
  actor: Actor,
  ekstrakurikulerId: string,
  input: NilaiEkskulSave,
): Promise<{ message: string; data: NilaiEkskulRow[] }> {
  const ekskul = await ownEkskul(db, actor, ekstrakurikulerId);
  const details = checkNilaiEkskulRows(input.rows);
  const rombelId = ekskul.rombelId;
  const members = new Set(
    rombelId
      ? (
          await db
            .select({ id: anggotaRombel.anggotaRombelId })
            .from(anggotaRombel)
            .where(and(eq(anggotaRombel.rombonganBelajarId, rombelId), isNull(anggotaRombel.deletedAt)))
        ).map((r) => r.id)
      : [],
  );
  input.rows.forEach((row, i) => {
    if (!members.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = EKSKUL_NILAI_MESSAGES.notMember;
  });
  if (Object.keys(details).length > 0) {
    throw new AppError(422, 'VALIDATION_ERROR', MESSAGES.validation, details);
  }
  if (!rombelId) throw notFound(EKSKUL_NILAI_MESSAGES.notFound);

  await db.transaction(async (tx) => {
    await assertPenilaianOpen(tx, actor, rombelId);
    const ids = input.rows.map((r) => r.anggota_rombel_id);
    const current = await tx
      .select({
        anggotaRombelId: nilaiEkstrakurikuler.anggotaRombelId,
        nilai: nilaiEkstrakurikuler.nilai,
        deskripsi: nilaiEkstrakurikuler.deskripsiEkskul,
      })
      .from(nilaiEkstrakurikuler)
      .where(
        and(
          eq(nilaiEkstrakurikuler.ekstrakurikulerId, ekskul.id),
          inArray(nilaiEkstrakurikuler.anggotaRombelId, ids),
        ),
      )
      .for('update');
    const stored = new Map(current.map((c) => [c.anggotaRombelId, c]));
    for (const row of input.rows) {
      const cur = stored.get(row.anggota_rombel_id);
      if ((cur?.nilai ?? null) !== row.loaded.nilai || (cur?.deskripsi ?? null) !== row.loaded.deskripsi) {
        throw conflict();
      }
    }
    const changes: Perubahan[] = [];
    for (const row of input.rows) {
      const cur = stored.get(row.anggota_rombel_id);
      const deskripsi =
        row.nilai === null ? null : (row.deskripsi ?? deskripsiEkskul(ekskul.nama, row.nilai));
      changes.push({
        pupilId: row.anggota_rombel_id,
        kunci: ekskul.id,
        lama: ekskulText(cur?.nilai ?? null, cur?.deskripsi ?? null),
        baru: ekskulText(row.nilai, deskripsi),
      });
    }
    await recordChanges(tx, actor, audit(rombelId), changes);
    for (const row of input.rows) {
      const where = and(
        eq(nilaiEkstrakurikuler.ekstrakurikulerId, ekskul.id),
        eq(nilaiEkstrakurikuler.anggotaRombelId, row.anggota_rombel_id),
      );
      if (row.nilai === null) {
        await tx.delete(nilaiEkstrakurikuler).where(where);
        continue;
      }
      const deskripsi = row.deskripsi ?? deskripsiEkskul(ekskul.nama, row.nilai);
      if (stored.has(row.anggota_rombel_id)) {
        await tx
          .update(nilaiEkstrakurikuler)
          .set({ nilai: row.nilai, deskripsiEkskul: deskripsi, updatedAt: sql`now()` })
          .where(where);
      } else {
        // Loaded empty: if someone inserted the grade since, the insert finds it and we refuse.
        const inserted = await tx
          .insert(nilaiEkstrakurikuler)
          .values({
            sekolahId: actor.sekolahId,
            anggotaRombelId: row.anggota_rombel_id,
            ekstrakurikulerId: ekskul.id,
            nilai: row.nilai,
            deskripsiEkskul: deskripsi,
          })
          .onConflictDoNothing()
          .returning({ id: nilaiEkstrakurikuler.nilaiEkstrakurikulerId });
        if (inserted.length === 0) throw conflict();
      }
    }
  });
  const saved = new Set(input.rows.map((r) => r.anggota_rombel_id));
  const rows = await memberRows(db, actor, ekskul);
  return {
    message: EKSKUL_NILAI_MESSAGES.saved,
    data: rows.filter((r) => saved.has(r.anggota_rombel_id)).map(publicRow),
  };
}

/** "Reset Nilai": deletes the ekskul's grades, of every member or of one regular class. */
export async function resetNilai(
  db: Db,
  actor: Actor,
  ekstrakurikulerId: string,
  filter: NilaiEkskulFilter,
): Promise<{ message: string; deleted: number }> {
  const ekskul = await ownEkskul(db, actor, ekstrakurikulerId);
  const rows = applyFilter(await memberRows(db, actor, ekskul), filter);
  const graded = rows.filter((r) => r.nilai !== null).map((r) => r.anggota_rombel_id);
  if (!ekskul.rombelId || graded.length === 0) {
    return { message: EKSKUL_NILAI_MESSAGES.nothingToReset, deleted: 0 };
  }
  const rombelId = ekskul.rombelId;
  const deleted = await db.transaction(async (tx) => {
    await assertPenilaianOpen(tx, actor, rombelId);
    const gone = await tx
      .delete(nilaiEkstrakurikuler)
      .where(
        and(
          eq(nilaiEkstrakurikuler.ekstrakurikulerId, ekskul.id),
          inArray(nilaiEkstrakurikuler.anggotaRombelId, graded),
        ),
      )
      .returning({
        anggotaRombelId: nilaiEkstrakurikuler.anggotaRombelId,
        nilai: nilaiEkstrakurikuler.nilai,
        deskripsi: nilaiEkstrakurikuler.deskripsiEkskul,
      });
    await recordChanges(
      tx,
      actor,
      audit(rombelId),
      gone.map((g) => ({
        pupilId: g.anggotaRombelId,
        kunci: ekskul.id,
        lama: ekskulText(g.nilai, g.deskripsi),
        baru: null,
      })),
    );
    return gone.length;
  });
  return { message: EKSKUL_NILAI_MESSAGES.deleted, deleted };
}
