import { PENILAIAN_GATE_CODES, PENILAIAN_GATE_MESSAGES } from '@erapor/contract/penilaian/gate';
import {
  checkKeputusan,
  isKelulusan,
  KENAIKAN_MESSAGES,
  type KenaikanQuery,
  type KenaikanResponse,
  type KenaikanRow,
  type KenaikanSave,
  type KenaikanSaved,
  type Keputusan,
  kenaikanBerlaku,
  STATUS_KENAIKAN_LABEL,
  type StatusKenaikan,
  sameKeputusan,
  statusKenaikanOptions,
} from '@erapor/contract/wali-kelas/kenaikan';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../db/sql-rows';
import { anggotaRombel, pesertaDidik, rombonganBelajar } from '../../../db/tables/referensi';
import { kenaikanKelas } from '../../../db/tables/wali-kelas';
import { AppError } from '../../../lib/errors';
import { penilaianGateOf } from '../../penilaian/gate';
import { beginGridSave, type Cell, cellId, validationError } from '../../penilaian/grid-save';
import { getSettings } from '../../sekolah/service';
import { SETTING_KEYS } from '../../sekolah/settings';
import { ownWaliRombel, requireWali, type WaliRombel } from '../access';

/*
 * Kenaikan Kelas (issue #11 item 5; docs/decisions/029-kenaikan-kelas.md): one decision per pupil of
 * the wali's regular class in `kenaikan_kelas`, Genap only. Saved like every homeroom grid
 * (penilaian/grid-save.ts): every row checked first (422), then in one transaction the class's lock,
 * the gate (423) and the comparison with what the browser loaded (409).
 */

/** Checked after the role (a non-wali still gets 403) and before the class. */
function assertGenap(actor: Actor): void {
  if (!kenaikanBerlaku(actor.semesterId)) {
    throw new AppError(409, 'KENAIKAN_GANJIL', KENAIKAN_MESSAGES.ganjil);
  }
}

function parseIds(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

interface KelasInfo {
  jurusanSpId: string | null;
  empatTahun: boolean;
  options: StatusKenaikan[];
}

/**
 * The class's programme and the statuses it may give. A four-year programme: the class's jurusan has
 * a class listed in the semester's "Rombongan Belajar 4 Tahun" setting (as the printed report reads it).
 */
async function kelasInfo(db: Db, actor: Actor, rombel: WaliRombel): Promise<KelasInfo> {
  const [row] = await db
    .select({ jurusanSpId: rombonganBelajar.jurusanSpId })
    .from(rombonganBelajar)
    .where(eq(rombonganBelajar.rombonganBelajarId, rombel.rombonganBelajarId));
  const jurusanSpId = row?.jurusanSpId ?? null;
  const settings = await getSettings(db, actor, actor.semesterId);
  const ids = parseIds(settings[SETTING_KEYS.rombel4Tahun]);
  let empatTahun = false;
  if (jurusanSpId && ids.length > 0) {
    const [hit] = await db
      .select({ id: rombonganBelajar.rombonganBelajarId })
      .from(rombonganBelajar)
      .where(
        and(
          inArray(rombonganBelajar.rombonganBelajarId, ids),
          eq(rombonganBelajar.jurusanSpId, jurusanSpId),
          eq(rombonganBelajar.sekolahId, actor.sekolahId),
        ),
      )
      .limit(1);
    empatTahun = hit !== undefined;
  }
  return { jurusanSpId, empatTahun, options: statusKenaikanOptions(rombel.tingkat, empatTahun) };
}

/**
 * "Pilih Rombongan Belajar": the regular classes of tingkat + 1 of the semester, the class's own
 * programme first. (The classes of the next school year are not synced yet at Genap's end, so the
 * wali may also type a name.)
 */
async function kelasTujuan(db: Db, actor: Actor, rombel: WaliRombel, jurusanSpId: string | null) {
  const rows = await sqlRows<{ nama: string; own: boolean }>(
    db,
    sql`select nama, coalesce(jurusan_sp_id = ${jurusanSpId}, false) as own
      from ${rombonganBelajar}
      where sekolah_id = ${actor.sekolahId} and semester_id = ${actor.semesterId}
        and jenis_rombel = 1 and deleted_at is null and tingkat = ${rombel.tingkat + 1}
      order by 2 desc, 1`,
  );
  return [...new Set(rows.map((r) => String(r.nama)))];
}

/** The live members of the class with their decision (null without a row), by name. */
async function gridRows(db: Db, rombelId: string): Promise<KenaikanRow[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    db,
    sql`select a.anggota_rombel_id, p.nama, p.nisn, k.status, k.nama_kelas, k.updated_at
      from ${anggotaRombel} a
      join ${pesertaDidik} p on p.peserta_didik_id = a.peserta_didik_id
      left join ${kenaikanKelas} k on k.anggota_rombel_id = a.anggota_rombel_id
      where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
      order by p.nama, a.anggota_rombel_id`,
  );
  return rows.map((r) => ({
    anggota_rombel_id: String(r.anggota_rombel_id),
    nama: String(r.nama),
    nisn: r.nisn === null ? null : String(r.nisn),
    status: r.status === null ? null : Number(r.status),
    nama_kelas: r.nama_kelas === null ? null : String(r.nama_kelas),
    updated_at: r.updated_at === null ? null : new Date(r.updated_at as string | Date).toISOString(),
  }));
}

async function closedMessage(db: Db, actor: Actor, rombelId: string): Promise<string | null> {
  const gate = await penilaianGateOf(db, actor, rombelId);
  if (gate.open) return null;
  return gate.reason === 'lockedByWali' ? KENAIKAN_MESSAGES.lockedOwn : PENILAIAN_GATE_MESSAGES[gate.reason];
}

/** GET /api/wali-kelas/kenaikan-kelas: the caller's class, its pupils and the choices. */
export async function getKenaikan(db: Db, actor: Actor, query: KenaikanQuery): Promise<KenaikanResponse> {
  assertGenap(requireWali(actor));
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  const info = await kelasInfo(db, actor, rombel);
  const kelulusan = isKelulusan(rombel.tingkat, info.empatTahun);
  return {
    rombel: { rombongan_belajar_id: rombel.rombonganBelajarId, nama: rombel.nama, tingkat: rombel.tingkat },
    kelas: all.map((r) => ({ value: r.rombonganBelajarId, label: r.nama })),
    empat_tahun: info.empatTahun,
    kelulusan,
    status: info.options.map((value) => ({ value, label: STATUS_KENAIKAN_LABEL[value] })),
    kelas_tujuan: kelulusan ? [] : await kelasTujuan(db, actor, rombel, info.jurusanSpId),
    penilaian_tertutup: await closedMessage(db, actor, rombel.rombonganBelajarId),
    data: await gridRows(db, rombel.rombonganBelajarId),
  };
}

const show = (v: Keputusan | null | undefined) =>
  v ? `${STATUS_KENAIKAN_LABEL[v.status]}${v.nama_kelas ? ` ${v.nama_kelas}` : ''}` : '(kosong)';

/** PUT: the changed decisions in one transaction; no status deletes the pupil's decision. */
export async function saveKenaikan(db: Db, actor: Actor, input: KenaikanSave): Promise<KenaikanSaved> {
  assertGenap(requireWali(actor));
  const { rombel } = await ownWaliRombel(db, actor, input.rombongan_belajar_id);
  const rombelId = rombel.rombonganBelajarId;
  const { options } = await kelasInfo(db, actor, rombel);
  const members = await gridRows(db, rombelId);
  const names = new Map(members.map((m) => [m.anggota_rombel_id, m.nama]));

  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const values = input.rows.map((row, i) => {
    if (!names.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = KENAIKAN_MESSAGES.notMember;
    else if (seen.has(row.anggota_rombel_id))
      details[`rows.${i}.anggota_rombel_id`] = KENAIKAN_MESSAGES.duplicateRow;
    seen.add(row.anggota_rombel_id);
    const checked = checkKeputusan(row, { nama: rombel.nama, options });
    if (checked.ok) return checked.value;
    details[`rows.${i}.${checked.field}`] = checked.message;
    return null;
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const cells: Cell<Keputusan | null>[] = input.rows.map((row, index) => ({
    index,
    anggotaRombelId: row.anggota_rombel_id,
    key: 'kenaikan',
    value: values[index] ?? null,
    sebelumnya: row.sebelumnya
      ? { status: row.sebelumnya.status as StatusKenaikan, nama_kelas: row.sebelumnya.nama_kelas }
      : null,
  }));
  const ids = input.rows.map((r) => r.anggota_rombel_id);
  const saved = await db
    .transaction(async (tx) => {
      const changing = await beginGridSave(
        tx,
        actor,
        { pembelajaranId: `kenaikan:${rombelId}`, rombonganBelajarId: rombelId },
        cells,
        async () => {
          const stored = await tx
            .select({
              id: kenaikanKelas.anggotaRombelId,
              status: kenaikanKelas.status,
              namaKelas: kenaikanKelas.namaKelas,
            })
            .from(kenaikanKelas)
            .where(inArray(kenaikanKelas.anggotaRombelId, ids))
            .for('update');
          return new Map(
            stored.map((s) => [
              cellId(s.id, 'kenaikan'),
              { status: s.status as StatusKenaikan, nama_kelas: s.namaKelas } as Keputusan | null,
            ]),
          );
        },
        names,
        sameKeputusan,
        show,
        {
          field: () => 'status',
          conflict: KENAIKAN_MESSAGES.conflict,
          audit: {
            jenis: 'kenaikan',
            rombonganBelajarId: rombelId,
            pembelajaranId: null,
            value: (v) => (v ? show(v) : null),
          },
        },
      );
      const upserts = changing.flatMap((c) => (c.value ? [{ id: c.anggotaRombelId, v: c.value }] : []));
      const deletes = changing.filter((c) => c.value === null).map((c) => c.anggotaRombelId);
      if (upserts.length > 0) {
        await tx
          .insert(kenaikanKelas)
          .values(
            upserts.map(({ id, v }) => ({
              sekolahId: actor.sekolahId,
              anggotaRombelId: id,
              rombonganBelajarId: rombelId,
              status: v.status,
              namaKelas: v.nama_kelas,
            })),
          )
          .onConflictDoUpdate({
            target: kenaikanKelas.anggotaRombelId,
            set: {
              status: sql`excluded.status`,
              namaKelas: sql`excluded.nama_kelas`,
              rombonganBelajarId: sql`excluded.rombongan_belajar_id`,
              updatedAt: sql`now()`,
            },
          });
      }
      if (deletes.length > 0) {
        await tx.delete(kenaikanKelas).where(inArray(kenaikanKelas.anggotaRombelId, deletes));
      }
      return changing.length;
    })
    .catch((err: unknown) => {
      // The gate's lock message asks to contact the wali kelas: here the caller is that wali.
      if (
        err instanceof AppError &&
        err.statusCode === 423 &&
        err.code === PENILAIAN_GATE_CODES.lockedByWali
      ) {
        throw new AppError(423, err.code, KENAIKAN_MESSAGES.lockedOwn);
      }
      throw err;
    });
  return { message: KENAIKAN_MESSAGES.saved, saved, data: await gridRows(db, rombelId) };
}
