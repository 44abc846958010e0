import { MESSAGES } from '@erapor/contract/errors';
import { MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { PKL_MESSAGES } from '@erapor/contract/pkl/perencanaan';
import { pklInSemester } from '@erapor/contract/pkl/rules';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { praktikKerjaLapangan } from '../../db/tables/pkl';
import { rombonganBelajar } from '../../db/tables/referensi';
import { AppError, forbidden, notFound } from '../../lib/errors';

/*
 * Who reaches PKL (issue #12 item 1; docs/decisions/034-pkl.md), always within the login's school
 * and semester, and only from 2023/2024:
 * - the Pembimbing PKL (role pembimbing) plans for classes where they teach subject 800001000
 *   (guru or guru pengajar of the pembelajaran) and PKS where they are in bimbing_pd; the plan is
 *   theirs (owner: edit, delete, scores, notes, attendance);
 * - a co-supervisor — another bimbing_pd member of the plan's PKS who teaches that class's PKL —
 *   reads the plan and enters its scores, notes and attendance, but does not edit or delete it;
 * - the wali kelas reads the plans of their regular class, the Waka every plan of the school;
 * - the admin (who holds neither Pkl nor Waka, decision 027) may list and read plans, hand one to
 *   another supervisor and delete one through the API — never create, edit or score;
 * - everyone else (guru without these roles, pembina, siswa, kaprog, tu): 403. A plan of another
 *   school, another semester or an unknown id: 404.
 * Role first (403), then the semester (409 before 20231, with the reason), then the plan.
 */

export type PklActor = Actor & { guruId: string };

export const isPembimbing = (actor: Actor): actor is PklActor =>
  actor.guruId !== null && actor.roles.includes('pembimbing');
export const isPklWaka = (actor: Actor) => actor.roles.includes('waka');
export const isPklAdmin = (actor: Actor) => actor.roles.includes('admin');
const isWali = (actor: Actor): actor is PklActor => actor.guruId !== null && actor.roles.includes('wali');

/** 409 before 2023/2024: PKL as a subject did not exist then (the menu hides it too). */
export function requirePklSemester(actor: Actor): void {
  if (!pklInSemester(actor.semesterId))
    throw new AppError(409, 'PKL_NOT_IN_SEMESTER', PKL_MESSAGES.beforePkl);
}

/** Planning and scoring: the Pembimbing PKL only. */
export function requirePembimbing(actor: Actor): PklActor {
  if (!isPembimbing(actor)) throw forbidden(MESSAGES.forbidden);
  requirePklSemester(actor);
  return actor;
}

/** Reading plans: pembimbing, wali kelas, Waka, admin. */
export function requirePlanReader(actor: Actor): void {
  if (!isPembimbing(actor) && !isWali(actor) && !isPklWaka(actor) && !isPklAdmin(actor)) {
    throw forbidden(MESSAGES.forbidden);
  }
  requirePklSemester(actor);
}

/** SQL: `guruId` teaches the PKL subject of the rombel `rombelId` (guru or guru pengajar). */
export function teachesPklSql(guruId: string, rombelId: SQL | string): SQL {
  const rombel = typeof rombelId === 'string' ? sql`${rombelId}::uuid` : rombelId;
  return sql`exists (select 1 from pembelajaran pe
    where pe.rombongan_belajar_id = ${rombel} and pe.mata_pelajaran_id = ${MAPEL_PKL}
      and pe.deleted_at is null and (pe.guru_id = ${guruId} or pe.guru_pengajar_id = ${guruId}))`;
}

/** SQL: `guruId` supervises the PKS `aktPdId` (bimbing_pd). */
export function supervisesSql(guruId: string, aktPdId: SQL | string): SQL {
  const akt = typeof aktPdId === 'string' ? sql`${aktPdId}::uuid` : aktPdId;
  return sql`exists (select 1 from bimbing_pd b where b.akt_pd_id = ${akt} and b.guru_id = ${guruId})`;
}

const P = {
  guru: sql`${praktikKerjaLapangan.guruId}`,
  rombel: sql`${praktikKerjaLapangan.rombonganBelajarId}`,
  akt: sql`${praktikKerjaLapangan.aktPdId}`,
};

/** SQL over praktik_kerja_lapangan (joined with rombongan_belajar): the plans the caller may read. */
export function visiblePlansSql(actor: Actor): SQL {
  if (isPklWaka(actor) || isPklAdmin(actor)) return sql`true`;
  const parts: SQL[] = [];
  if (isPembimbing(actor)) {
    parts.push(sql`${P.guru} = ${actor.guruId}`);
    parts.push(sql`(${supervisesSql(actor.guruId, P.akt)} and ${teachesPklSql(actor.guruId, P.rombel)})`);
  }
  if (isWali(actor)) {
    parts.push(sql`(${rombonganBelajar.guruId} = ${actor.guruId} and ${rombonganBelajar.jenisRombel} = 1)`);
  }
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

export interface PlanAccess {
  pklId: string;
  guruId: string;
  rombonganBelajarId: string;
  aktPdId: string;
  updatedAt: Date;
  /** The caller owns the plan (its pembimbing). */
  owner: boolean;
  /** Another supervisor of the PKS who teaches the class's PKL. */
  co: boolean;
  /** The class's wali kelas. */
  wali: boolean;
  waka: boolean;
  admin: boolean;
}

/** The plan and how the caller relates to it; 404 when it is not of their school and semester. */
export async function loadPlanAccess(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  const me = actor.guruId ?? '00000000-0000-0000-0000-000000000000';
  const [row] = await db
    .select({
      pklId: praktikKerjaLapangan.pklId,
      guruId: praktikKerjaLapangan.guruId,
      rombonganBelajarId: praktikKerjaLapangan.rombonganBelajarId,
      aktPdId: praktikKerjaLapangan.aktPdId,
      updatedAt: praktikKerjaLapangan.updatedAt,
      waliId: rombonganBelajar.guruId,
      jenisRombel: rombonganBelajar.jenisRombel,
      co: sql<boolean>`(${supervisesSql(me, P.akt)} and ${teachesPklSql(me, P.rombel)})`,
    })
    .from(praktikKerjaLapangan)
    .innerJoin(
      rombonganBelajar,
      eq(rombonganBelajar.rombonganBelajarId, praktikKerjaLapangan.rombonganBelajarId),
    )
    .where(
      and(
        eq(praktikKerjaLapangan.pklId, pklId),
        eq(praktikKerjaLapangan.sekolahId, actor.sekolahId),
        eq(praktikKerjaLapangan.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) throw notFound(PKL_MESSAGES.notFound);
  const owner = isPembimbing(actor) && row.guruId === actor.guruId;
  return {
    pklId: row.pklId,
    guruId: row.guruId,
    rombonganBelajarId: row.rombonganBelajarId,
    aktPdId: row.aktPdId,
    updatedAt: row.updatedAt,
    owner,
    co: !owner && isPembimbing(actor) && Boolean(row.co),
    wali: isWali(actor) && row.waliId === actor.guruId && row.jenisRombel === 1,
    waka: isPklWaka(actor),
    admin: isPklAdmin(actor),
  };
}

/** Read a plan (Detil; later the score grid's read): any relation. */
export async function readablePlan(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  requirePlanReader(actor);
  const plan = await loadPlanAccess(db, actor, pklId);
  if (!plan.owner && !plan.co && !plan.wali && !plan.waka && !plan.admin) throw forbidden(MESSAGES.forbidden);
  return plan;
}

/** Enter scores, notes and attendance of a plan: its owner or a co-supervisor. */
export async function scorablePlan(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  requirePembimbing(actor);
  const plan = await loadPlanAccess(db, actor, pklId);
  if (!plan.owner && !plan.co) throw forbidden(MESSAGES.forbidden);
  return plan;
}

/** Edit the plan itself: its owner only. */
export async function editablePlan(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  requirePembimbing(actor);
  const plan = await loadPlanAccess(db, actor, pklId);
  if (!plan.owner) throw forbidden(plan.co ? PKL_MESSAGES.notOwner : MESSAGES.forbidden);
  return plan;
}

/** Delete the plan: its owner, or the admin. */
export async function deletablePlan(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  if (!isPembimbing(actor) && !isPklAdmin(actor)) throw forbidden(MESSAGES.forbidden);
  requirePklSemester(actor);
  const plan = await loadPlanAccess(db, actor, pklId);
  if (!plan.owner && !plan.admin) throw forbidden(plan.co ? PKL_MESSAGES.notOwner : MESSAGES.forbidden);
  return plan;
}

/** Hand the plan to another supervisor: the admin only. */
export async function reassignablePlan(db: Db, actor: Actor, pklId: string): Promise<PlanAccess> {
  if (!isPklAdmin(actor)) throw forbidden(MESSAGES.forbidden);
  requirePklSemester(actor);
  return loadPlanAccess(db, actor, pklId);
}
