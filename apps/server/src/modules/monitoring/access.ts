import { MESSAGES } from '@erapor/contract/errors';
import { MONITORING_FILTER_MESSAGES, type MonitoringFilter } from '@erapor/contract/monitoring/filters';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { guru, jurusanSp, rombonganBelajar } from '../../db/tables/referensi';
import { fieldError, forbidden } from '../../lib/errors';

/*
 * Who reads Monitoring (issue #14; docs/decisions/036-monitoring.md): the Waka (resource Waka) of
 * the login's school and semester. Everyone else — admin (decision 027: no Waka resource), guru,
 * wali, kaprog, siswa, … — gets 403 before anything is read.
 */
export function requireWaka(actor: Actor): void {
  if (!actor.roles.includes('waka')) throw forbidden(MESSAGES.forbidden);
}

/**
 * Filters naming a row of another school (or, for a rombel, another semester) are refused with an
 * Indonesian field message (400), never silently ignored: an empty table would look like "all done".
 */
export async function checkFilterIds(db: Db, actor: Actor, filter: Partial<MonitoringFilter>): Promise<void> {
  const checks: Promise<void>[] = [];
  if (filter.rombongan_belajar_id) {
    const id = filter.rombongan_belajar_id;
    checks.push(
      db
        .select({ id: rombonganBelajar.rombonganBelajarId })
        .from(rombonganBelajar)
        .where(
          and(
            eq(rombonganBelajar.rombonganBelajarId, id),
            eq(rombonganBelajar.sekolahId, actor.sekolahId),
            eq(rombonganBelajar.semesterId, actor.semesterId),
            isNull(rombonganBelajar.deletedAt),
          ),
        )
        .then((rows) => {
          if (!rows.length) throw fieldError('rombongan_belajar_id', MONITORING_FILTER_MESSAGES.rombel, 400);
        }),
    );
  }
  if (filter.jurusan_sp_id) {
    const id = filter.jurusan_sp_id;
    checks.push(
      db
        .select({ id: jurusanSp.jurusanSpId })
        .from(jurusanSp)
        .where(and(eq(jurusanSp.jurusanSpId, id), eq(jurusanSp.sekolahId, actor.sekolahId)))
        .then((rows) => {
          if (!rows.length) throw fieldError('jurusan_sp_id', MONITORING_FILTER_MESSAGES.jurusan, 400);
        }),
    );
  }
  if (filter.guru_id) {
    const id = filter.guru_id;
    checks.push(
      db
        .select({ id: guru.guruId })
        .from(guru)
        .where(and(eq(guru.guruId, id), eq(guru.sekolahId, actor.sekolahId)))
        .then((rows) => {
          if (!rows.length) throw fieldError('guru_id', MONITORING_FILTER_MESSAGES.guru, 400);
        }),
    );
  }
  await Promise.all(checks);
}
