import { MESSAGES } from '@erapor/contract/errors';
import { RIWAYAT_NILAI_MESSAGES, type RiwayatNilaiFilter } from '@erapor/contract/riwayat-nilai';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { forbidden } from '../../lib/errors';

/*
 * Who reads which entries (issue #16 item 5):
 *  - administrator and Waka Kurikulum: every entry of the school in the login's semester;
 *  - a teacher (role guru): entries of the subjects they teach (guru_id or guru_pengajar_id);
 *  - a homeroom teacher (wali for a regular class, pilihan for an elective one): entries of the
 *    pupils of their class, whatever the subject;
 *  - anyone else: 403 (also a teacher without a guru record).
 * Asking for a subject or a class outside one's scope is a 403, not an empty table, so a teacher
 * learns that another teacher's history is not theirs to read.
 */

export const seesAll = (actor: Actor) => actor.roles.includes('admin') || actor.roles.includes('waka');

/** The entries `r` the caller may read, as SQL (sekolah and semester included). */
export function scopeSql(actor: Actor): SQL {
  const base = sql`r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId}`;
  if (seesAll(actor)) return base;
  const g = actor.guruId;
  if (!g) throw forbidden(MESSAGES.forbidden);
  const parts: SQL[] = [];
  if (actor.roles.includes('guru')) {
    parts.push(sql`r.pembelajaran_id in (
      select p.pembelajaran_id from pembelajaran p
      where p.sekolah_id = ${actor.sekolahId} and p.semester_id = ${actor.semesterId}
        and (p.guru_id = ${g} or p.guru_pengajar_id = ${g}))`);
  }
  const jenis = [
    ...(actor.roles.includes('wali') ? [1] : []),
    ...(actor.roles.includes('pilihan') ? [16] : []),
  ];
  if (jenis.length > 0) {
    parts.push(sql`r.rombongan_belajar_id in (
      select rb.rombongan_belajar_id from rombongan_belajar rb
      where rb.sekolah_id = ${actor.sekolahId} and rb.semester_id = ${actor.semesterId}
        and rb.guru_id = ${g} and rb.jenis_rombel in (${sql.join(
          jenis.map((j) => sql`${j}`),
          sql`, `,
        )}))`);
  }
  if (parts.length === 0) throw forbidden(MESSAGES.forbidden);
  return sql`${base} and (${sql.join(parts, sql` or `)})`;
}

/**
 * A subject or class filter outside the caller's scope is refused (403). A subject is the
 * caller's when they teach it or are the homeroom teacher of its class; a class when they are its
 * homeroom teacher or teach a subject in it (they then see their own subjects there).
 */
export async function assertFilterInScope(db: Db, actor: Actor, f: RiwayatNilaiFilter): Promise<void> {
  if (seesAll(actor)) return;
  const g = actor.guruId;
  if (!g) throw forbidden(MESSAGES.forbidden);
  const waliJenis = [
    ...(actor.roles.includes('wali') ? [1] : []),
    ...(actor.roles.includes('pilihan') ? [16] : []),
    -1,
  ];
  const teaches = actor.roles.includes('guru');
  if (f.pembelajaran_id) {
    const rows = await sqlRows<{ ok: boolean }>(
      db,
      sql`select (${teaches} and (p.guru_id = ${g} or p.guru_pengajar_id = ${g}))
            or (rb.guru_id = ${g} and rb.jenis_rombel in (${sql.join(
              waliJenis.map((j) => sql`${j}`),
              sql`, `,
            )})) as ok
          from pembelajaran p join rombongan_belajar rb on rb.rombongan_belajar_id = p.rombongan_belajar_id
          where p.pembelajaran_id = ${f.pembelajaran_id} and p.sekolah_id = ${actor.sekolahId}`,
    );
    if (!rows[0]?.ok) throw forbidden(RIWAYAT_NILAI_MESSAGES.forbiddenPembelajaran);
  }
  if (f.rombongan_belajar_id) {
    const rows = await sqlRows<{ ok: boolean }>(
      db,
      sql`select (rb.guru_id = ${g} and rb.jenis_rombel in (${sql.join(
        waliJenis.map((j) => sql`${j}`),
        sql`, `,
      )}))
            or (${teaches} and exists (select 1 from pembelajaran p
                 where p.rombongan_belajar_id = rb.rombongan_belajar_id
                   and (p.guru_id = ${g} or p.guru_pengajar_id = ${g}))) as ok
          from rombongan_belajar rb
          where rb.rombongan_belajar_id = ${f.rombongan_belajar_id} and rb.sekolah_id = ${actor.sekolahId}`,
    );
    if (!rows[0]?.ok) throw forbidden(RIWAYAT_NILAI_MESSAGES.forbiddenRombel);
  }
}
