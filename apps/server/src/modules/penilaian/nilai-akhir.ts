import {
  ASESMEN_MESSAGES,
  checkNilaiAkhirRows,
  type NilaiAkhirGrid,
  type NilaiAkhirSave,
  type SaveResult,
} from '@erapor/contract/penilaian/asesmen';
import {
  type Bobot,
  formatHundredths,
  isValidBobot,
  type NilaiAsesmen,
  nilaiAsesmen,
  nilaiSumatifAkhirSemester,
  slmFromTotals,
} from '@erapor/contract/penilaian/rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { tpMapel } from '../../db/tables/kurikulum';
import { nilaiAkhir, nilaiSumatif, nilaiTp, tpNilai } from '../../db/tables/penilaian';
import { pembelajaran } from '../../db/tables/referensi';
import { gridContext, type PembelajaranCtx, readablePembelajaran, writablePembelajaran } from './access';
import {
  beginGridSave,
  type Cell,
  cellId,
  checkPupils,
  requireSomeChange,
  sameScore,
  showScore,
  subjectOf,
  uuidPairsIn,
  validationError,
} from './grid-save';
import { pupilsOf, tpOf } from './roster';

/** Input Nilai Akhir: the stored final grade, the suggestion from SLM and SAS, ketercapaian per TP. */

export const NILAI_AKHIR_KEY = 'nilai_akhir';

interface Components {
  slmCount: number;
  slmSum: number;
  tes: number | null;
  nonTes: number | null;
}

/**
 * The inputs of the suggested final grade for every (pupil, pembelajaran) in scope, in one query:
 * the count and sum of the pupil's scores on the TPs mapped to the subject, and tes / non-tes.
 * Keyed `anggota_rombel_id#pembelajaran_id`. The arithmetic is left to the pure rules.
 */
export async function asesmenComponents(db: Db, scope: SQL): Promise<Map<string, Components>> {
  type Row = {
    a: string;
    p: string;
    c: number | string | null;
    s: number | string | null;
    tes: number | null;
    non_tes: number | null;
  };
  // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
  const { rows: list } = (await db.execute(sql`
    with scope as (${scope}),
    slm as (
      select n.anggota_rombel_id a, n.pembelajaran_id p, count(*) c, sum(n.nilai) s
      from ${nilaiTp} n
      join ${tpMapel} m on m.tp_id = n.tp_id and m.pembelajaran_id = n.pembelajaran_id
      where n.pembelajaran_id in (select pembelajaran_id from scope)
      group by 1, 2),
    sas as (
      select anggota_rombel_id a, pembelajaran_id p,
        max(nilai) filter (where jenis = 'tes') tes, max(nilai) filter (where jenis = 'non-tes') non_tes
      from ${nilaiSumatif}
      where pembelajaran_id in (select pembelajaran_id from scope)
      group by 1, 2)
    select coalesce(slm.a, sas.a) a, coalesce(slm.p, sas.p) p, slm.c, slm.s, sas.tes, sas.non_tes
    from slm full join sas on sas.a = slm.a and sas.p = slm.p`)) as unknown as { rows: Row[] };
  return new Map(
    list.map((r) => [
      cellId(r.a, r.p),
      {
        slmCount: Number(r.c ?? 0),
        slmSum: Number(r.s ?? 0),
        tes: r.tes === null ? null : Number(r.tes),
        nonTes: r.non_tes === null ? null : Number(r.non_tes),
      },
    ]),
  );
}

/** The suggestion for one pupil from their components (none at all: nothing scored). */
export function suggestionOf(c: Components | undefined, bobot: Bobot): NilaiAsesmen {
  const slm = c ? slmFromTotals(c.slmSum, c.slmCount) : null;
  const sas = c ? nilaiSumatifAkhirSemester(c.tes, c.nonTes) : null;
  return nilaiAsesmen(slm, sas, bobot);
}

const bobotOf = (p: Pick<PembelajaranCtx, 'bobotSumatifMateri' | 'bobotSumatifAkhir'>): Bobot => ({
  materi: p.bobotSumatifMateri,
  akhir: p.bobotSumatifAkhir,
});

/** Stored final grade (of the kompetensi this subject uses) and ketercapaian, keyed `anggota#nilai_akhir|tp`. */
export async function nilaiAkhirStored(db: Db, p: PembelajaranCtx): Promise<Map<string, number>> {
  const [finals, kompeten] = await Promise.all([
    db
      .select({ a: nilaiAkhir.anggotaRombelId, nilai: nilaiAkhir.nilai })
      .from(nilaiAkhir)
      .where(
        and(eq(nilaiAkhir.pembelajaranId, p.pembelajaranId), eq(nilaiAkhir.kompetensiId, p.kompetensiId)),
      ),
    db
      .select({ a: tpNilai.anggotaRombelId, tp: tpNilai.tpId, kompeten: tpNilai.kompeten })
      .from(tpNilai)
      .where(eq(tpNilai.pembelajaranId, p.pembelajaranId)),
  ]);
  const map = new Map<string, number>();
  for (const f of finals) map.set(cellId(f.a, NILAI_AKHIR_KEY), f.nilai);
  for (const k of kompeten) map.set(cellId(k.a, k.tp), k.kompeten);
  return map;
}

export async function getNilaiAkhir(db: Db, actor: Actor, pembelajaranId: string): Promise<NilaiAkhirGrid> {
  const p = await readablePembelajaran(db, actor, pembelajaranId);
  const [context, tp, siswa, stored, components] = await Promise.all([
    gridContext(db, actor, p),
    tpOf(db, pembelajaranId),
    pupilsOf(db, p),
    nilaiAkhirStored(db, p),
    asesmenComponents(db, sql`select ${pembelajaranId}::uuid as pembelajaran_id`),
  ]);
  const bobot = bobotOf(p);
  const bobotValid = isValidBobot(bobot);
  return {
    context,
    tp,
    bobot_valid: bobotValid,
    siswa: siswa.map((s) => {
      const c = components.get(cellId(s.anggota_rombel_id, pembelajaranId));
      const suggestion: NilaiAsesmen = bobotValid
        ? suggestionOf(c, bobot)
        : { nilai: null, slm: null, sas: null, kurang: 'keduanya' };
      const kompeten: Record<string, 0 | 1> = {};
      for (const t of tp) {
        const v = stored.get(cellId(s.anggota_rombel_id, t.tp_id));
        if (v === 0 || v === 1) kompeten[t.tp_id] = v;
      }
      return {
        ...s,
        nilai_akhir: stored.get(cellId(s.anggota_rombel_id, NILAI_AKHIR_KEY)) ?? null,
        nilai_asesmen: suggestion.nilai,
        slm: suggestion.slm === null ? null : formatHundredths(suggestion.slm),
        sas: suggestion.sas,
        kurang: suggestion.nilai === null ? suggestion.kurang : null,
        kompeten,
      };
    }),
  };
}

export async function saveNilaiAkhir(
  db: Db,
  actor: Actor,
  pembelajaranId: string,
  input: NilaiAkhirSave,
): Promise<SaveResult> {
  const p = await writablePembelajaran(db, actor, pembelajaranId);
  const [pupils, tp] = await Promise.all([pupilsOf(db, p), tpOf(db, pembelajaranId)]);
  const names = new Map(pupils.map((s) => [s.anggota_rombel_id, s.nama]));
  const tpIds = new Set(tp.map((t) => t.tp_id));
  const { details, values } = checkNilaiAkhirRows(input.rows);
  checkPupils(input.rows, names, details);
  input.rows.forEach((row, i) => {
    if (row.tp_id !== null && !tpIds.has(row.tp_id))
      details[`rows.${i}.tp_id`] = ASESMEN_MESSAGES.tpNotMapped;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<number | null>[] = input.rows.map((row, i) => ({
    index: i,
    anggotaRombelId: row.anggota_rombel_id,
    key: row.tp_id ?? NILAI_AKHIR_KEY,
    value: values[i] ?? null,
    sebelumnya: row.sebelumnya,
  }));
  requireSomeChange(cells, sameScore);
  return db.transaction(async (tx) => {
    const changing = await beginGridSave(
      tx,
      actor,
      p,
      cells,
      () => nilaiAkhirStored(tx, p),
      names,
      sameScore,
      showScore,
      {
        audit: {
          jenis: (key) => (key === NILAI_AKHIR_KEY ? 'nilai_akhir' : 'ketercapaian'),
          ...subjectOf(p),
          sumber: input.sumber,
        },
      },
    );
    const finals = changing.filter((c) => c.key === NILAI_AKHIR_KEY);
    const kompeten = changing.filter((c) => c.key !== NILAI_AKHIR_KEY);
    const finalWrites = finals.filter((c) => c.value !== null);
    const finalDeletes = finals.filter((c) => c.value === null);
    const tpWrites = kompeten.filter((c) => c.value !== null);
    const tpDeletes = kompeten.filter((c) => c.value === null);
    if (finalWrites.length > 0) {
      await tx
        .insert(nilaiAkhir)
        .values(
          finalWrites.map((c) => ({
            sekolahId: p.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            pembelajaranId,
            kompetensiId: p.kompetensiId,
            nilai: c.value as number,
          })),
        )
        .onConflictDoUpdate({
          target: [nilaiAkhir.anggotaRombelId, nilaiAkhir.pembelajaranId, nilaiAkhir.kompetensiId],
          set: { nilai: sql`excluded.nilai`, updatedAt: sql`now()` },
        });
    }
    if (finalDeletes.length > 0) {
      await tx.delete(nilaiAkhir).where(
        and(
          eq(nilaiAkhir.pembelajaranId, pembelajaranId),
          eq(nilaiAkhir.kompetensiId, p.kompetensiId),
          sql`${nilaiAkhir.anggotaRombelId} in (${sql.join(
            finalDeletes.map((c) => sql`${c.anggotaRombelId}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    }
    if (tpWrites.length > 0) {
      await tx
        .insert(tpNilai)
        .values(
          tpWrites.map((c) => ({
            sekolahId: p.sekolahId,
            anggotaRombelId: c.anggotaRombelId,
            pembelajaranId,
            tpId: c.key,
            kompeten: c.value as number,
          })),
        )
        .onConflictDoUpdate({
          target: [tpNilai.anggotaRombelId, tpNilai.pembelajaranId, tpNilai.tpId],
          set: { kompeten: sql`excluded.kompeten`, updatedAt: sql`now()` },
        });
    }
    if (tpDeletes.length > 0) {
      await tx.delete(tpNilai).where(
        and(
          eq(tpNilai.pembelajaranId, pembelajaranId),
          uuidPairsIn(
            sql`(${tpNilai.anggotaRombelId}, ${tpNilai.tpId})`,
            tpDeletes.map((c) => [c.anggotaRombelId, c.key] as const),
          ),
        ),
      );
    }
    return {
      message: ASESMEN_MESSAGES.savedNilaiAkhir,
      saved: finalWrites.length + tpWrites.length,
      deleted: finalDeletes.length + tpDeletes.length,
    };
  });
}

/**
 * Suggested final grades of every gradable pembelajaran of a school's semester (ledgers, the
 * benchmark): one query for the components, the pure rule per pupil. Keyed `anggota#pembelajaran`.
 */
export async function nilaiAsesmenSekolah(
  db: Db,
  sekolahId: string,
  semesterId: string,
): Promise<Map<string, number | null>> {
  const subjects = await db
    .select({
      id: pembelajaran.pembelajaranId,
      materi: pembelajaran.bobotSumatifMateri,
      akhir: pembelajaran.bobotSumatifAkhir,
    })
    .from(pembelajaran)
    .where(and(eq(pembelajaran.sekolahId, sekolahId), eq(pembelajaran.semesterId, semesterId)));
  const bobot = new Map(subjects.map((s) => [s.id, { materi: s.materi, akhir: s.akhir }]));
  const components = await asesmenComponents(
    db,
    sql`select pembelajaran_id from ${pembelajaran} where sekolah_id = ${sekolahId} and semester_id = ${semesterId}`,
  );
  const out = new Map<string, number | null>();
  for (const [key, c] of components) {
    const b = bobot.get(key.slice(key.indexOf('#') + 1));
    out.set(key, b && isValidBobot(b) ? suggestionOf(c, b).nilai : null);
  }
  return out;
}
