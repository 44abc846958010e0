import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { type CetakPklResponse, RAPOR_PKL_MESSAGES } from '@erapor/contract/pkl/cetak';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { pdPkl, praktikKerjaLapangan } from '../../../db/tables/pkl';
import { aktPd, dudi, mou, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { readablePlan, requirePlanReader, visiblePlansSql } from '../../pkl/access';
import { type RaporPkl, raporPkl } from './data';

/*
 * Cetak Rapor PKL (issue #12 item 7): who prints is who reads the plan (pkl/access.ts
 * readablePlan: its owner and co-supervisor, the class's wali, the Waka; the admin, who may read
 * any plan through the API, too); others 403, a plan of another school or semester 404.
 */

/** The plans the caller may read, in this school and semester, with class and DUDI. */
function visiblePlans(db: Db, actor: Actor, only: { rombelId?: string; pklId?: string } = {}) {
  return db
    .select({
      pklId: praktikKerjaLapangan.pklId,
      rombonganBelajarId: praktikKerjaLapangan.rombonganBelajarId,
      kelas: rombonganBelajar.nama,
      namaDudi: dudi.nama,
      peserta: sql<number>`(select count(*)::int from pd_pkl x where x.pkl_id = ${praktikKerjaLapangan.pklId})`,
    })
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
        visiblePlansSql(actor),
        only.rombelId ? eq(praktikKerjaLapangan.rombonganBelajarId, only.rombelId) : undefined,
        only.pklId ? eq(praktikKerjaLapangan.pklId, only.pklId) : undefined,
      ),
    )
    .orderBy(asc(rombonganBelajar.nama), asc(praktikKerjaLapangan.tanggalMulai), asc(dudi.nama));
}

/** GET /api/cetak/rapor-pkl: the classes with a plan the caller reads, and the chosen class's pupils. */
export async function cetakPklPage(
  db: Db,
  actor: Actor,
  query: { rombongan_belajar_id?: string },
): Promise<CetakPklResponse> {
  requirePlanReader(actor);
  const all = await visiblePlans(db, actor);
  const kelas = new Map<string, string>();
  for (const p of all) kelas.set(p.rombonganBelajarId, p.kelas);
  const plans = query.rombongan_belajar_id
    ? all.filter((p) => p.rombonganBelajarId === query.rombongan_belajar_id)
    : all;
  const ids = plans.map((p) => p.pklId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            pklId: pdPkl.pklId,
            pesertaDidikId: pdPkl.pesertaDidikId,
            nama: pesertaDidik.nama,
            nisn: pesertaDidik.nisn,
          })
          .from(pdPkl)
          .innerJoin(pesertaDidik, eq(pesertaDidik.pesertaDidikId, pdPkl.pesertaDidikId))
          .where(
            sql`${pdPkl.pklId} in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          )
          .orderBy(asc(pesertaDidik.nama), asc(pdPkl.pesertaDidikId));
  const planOf = new Map(plans.map((p) => [p.pklId, p]));
  const data = new Map<string, CetakPklResponse['data'][number]>();
  for (const r of rows) {
    const plan = planOf.get(r.pklId);
    if (!plan) continue;
    const key = `${plan.rombonganBelajarId}#${r.pesertaDidikId}`;
    const row = data.get(key) ?? {
      peserta_didik_id: r.pesertaDidikId,
      nama: r.nama,
      nisn: r.nisn,
      kelas: plan.kelas,
      rombongan_belajar_id: plan.rombonganBelajarId,
      penempatan: [],
    };
    row.penempatan.push({ pkl_id: plan.pklId, nama_dudi: plan.namaDudi });
    data.set(key, row);
  }
  return {
    kelas: [...kelas].map(([value, label]) => ({ value, label })),
    rencana: plans.map((p) => ({
      pkl_id: p.pklId,
      kelas: p.kelas,
      nama_dudi: p.namaDudi,
      peserta: Number(p.peserta),
    })),
    data: [...data.values()],
  };
}

const planUnit = (p: { pklId: string; kelas: string; namaDudi: string; peserta: number }) => ({
  pklId: p.pklId,
  nama: `${p.kelas} - ${p.namaDudi}`,
  kelas: p.kelas,
  peserta: Number(p.peserta),
});

/** The plans of a Cetak Semua request the caller may print: one plan, or a class's plans they read. */
export async function printablePlans(
  db: Db,
  actor: Actor,
  req: { pkl_id?: string; rombongan_belajar_id?: string },
): Promise<{ pklId: string; nama: string; kelas: string; peserta: number }[]> {
  if (req.pkl_id) {
    await readablePlan(db, actor, req.pkl_id);
    const [plan] = await visiblePlans(db, actor, { pklId: req.pkl_id });
    if (!plan) throw notFound(MESSAGES.notFound);
    return [planUnit(plan)];
  }
  requirePlanReader(actor);
  const plans = await visiblePlans(db, actor, { rombelId: req.rombongan_belajar_id });
  if (plans.length === 0) {
    // A class of another school (or unknown): 404. A class whose plans the caller may not read:
    // 403. A class without any plan: 422 with the reason.
    const [kelas] = await db
      .select({
        id: rombonganBelajar.rombonganBelajarId,
        plans: sql<number>`(select count(*)::int from praktik_kerja_lapangan k
          where k.rombongan_belajar_id = ${rombonganBelajar.rombonganBelajarId})`,
      })
      .from(rombonganBelajar)
      .where(
        and(
          eq(rombonganBelajar.rombonganBelajarId, req.rombongan_belajar_id ?? ''),
          eq(rombonganBelajar.sekolahId, actor.sekolahId),
          eq(rombonganBelajar.semesterId, actor.semesterId),
        ),
      );
    if (!kelas) throw notFound(MESSAGES.notFound);
    if (Number(kelas.plans) > 0) throw forbidden(MESSAGES.forbidden);
    throw new AppError(422, ERROR_CODES.VALIDATION, RAPOR_PKL_MESSAGES.noPlan);
  }
  return plans.map(planUnit);
}

/** One pupil's PKL report data, after checking the caller may read the plan. */
export async function raporPklOf(
  db: Db,
  actor: Actor,
  params: { pkl_id: string; peserta_didik_id: string },
  versi: string,
): Promise<RaporPkl> {
  await readablePlan(db, actor, params.pkl_id);
  const data = await raporPkl(
    db,
    { sekolahId: actor.sekolahId, semesterId: actor.semesterId, pklId: params.pkl_id, versi },
    [params.peserta_didik_id],
  );
  if (!data || data.siswa.length === 0) throw notFound(RAPOR_PKL_MESSAGES.notParticipant);
  return data;
}
