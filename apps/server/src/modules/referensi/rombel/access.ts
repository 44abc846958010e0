import { MESSAGES } from '@erapor/contract/errors';
import type { RoleName } from '@erapor/contract/roles';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { ekstrakurikuler, rombonganBelajar } from '../../../db/tables/referensi';
import { forbidden } from '../../../lib/errors';

export function hasAnyRole(actor: Actor, roles: readonly RoleName[]): boolean {
  return roles.some((r) => actor.roles.includes(r));
}

/** 403 unless the caller holds one of the roles in the semester of their login. */
export function requireAnyRole(actor: Actor, roles: readonly RoleName[]): void {
  if (!hasAnyRole(actor, roles)) throw forbidden(MESSAGES.forbidden);
}

export interface WaliRombel {
  rombonganBelajarId: string;
  nama: string;
  tingkat: number;
}

/** The regular classes (jenis 1) of the semester whose wali kelas the caller is, by name. */
export async function waliRombels(db: Db, actor: Actor): Promise<WaliRombel[]> {
  if (!actor.guruId || !actor.roles.includes('wali')) return [];
  return db
    .select({
      rombonganBelajarId: rombonganBelajar.rombonganBelajarId,
      nama: rombonganBelajar.nama,
      tingkat: rombonganBelajar.tingkat,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        eq(rombonganBelajar.guruId, actor.guruId),
        eq(rombonganBelajar.jenisRombel, 1),
        isNull(rombonganBelajar.deletedAt),
      ),
    )
    .orderBy(asc(rombonganBelajar.nama));
}

export async function waliRombelIds(db: Db, actor: Actor): Promise<string[]> {
  return (await waliRombels(db, actor)).map((r) => r.rombonganBelajarId);
}

/**
 * Whether the caller owns a rombel of their school and semester: its wali kelas (jenis 1, role
 * wali), the wali of an elective class (jenis 16, role pilihan) or the pembina of the ekskul
 * (jenis 51, role pembina_ekskul).
 */
export async function ownsRombel(db: Db, actor: Actor, rombonganBelajarId: string): Promise<boolean> {
  if (!actor.guruId) return false;
  const [row] = await db
    .select({
      jenis: rombonganBelajar.jenisRombel,
      guruId: rombonganBelajar.guruId,
      pembina: sql<string | null>`(select e.guru_id from ${ekstrakurikuler} e
        where e.rombongan_belajar_id = ${rombonganBelajar}.rombongan_belajar_id and e.deleted_at is null)`,
    })
    .from(rombonganBelajar)
    .where(
      and(
        eq(rombonganBelajar.rombonganBelajarId, rombonganBelajarId),
        eq(rombonganBelajar.sekolahId, actor.sekolahId),
        eq(rombonganBelajar.semesterId, actor.semesterId),
        isNull(rombonganBelajar.deletedAt),
      ),
    );
  if (!row) return false;
  if (row.jenis === 1) return actor.roles.includes('wali') && row.guruId === actor.guruId;
  if (row.jenis === 16) return actor.roles.includes('pilihan') && row.guruId === actor.guruId;
  if (row.jenis === 51) {
    return actor.roles.includes('pembina_ekskul') && (row.pembina ?? row.guruId) === actor.guruId;
  }
  return false;
}

/** `%q%` for ILIKE with the user's % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
