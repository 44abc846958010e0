import { isMerdeka } from '@erapor/contract/penilaian/rules';
import { CATATAN_MESSAGES, checkCatatan } from '@erapor/contract/wali-kelas/catatan';
import {
  CATATAN_SIKAP_MESSAGES,
  type CatatanSikapResponse,
  type CatatanSikapRow,
  type CatatanSikapSave,
  type CatatanSikapSaved,
  OPSI_SIKAP_LABEL,
} from '@erapor/contract/wali-kelas/catatan-sikap';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { rombonganBelajar } from '../../db/tables/referensi';
import { refKurikulum, refP5Dimensi } from '../../db/tables/referensi-ref';
import { catatanBudayaKerja } from '../../db/tables/wali-kelas';
import { AppError } from '../../lib/errors';
import { beginGridSave, type Cell, cellId, validationError } from '../penilaian/grid-save';
import { ownWaliRombel } from './access';
import { closedMessage, kelasOptions, ownLockMessage } from './catatan';

/*
 * Catatan Sikap of the wali kelas (issue #11 item 2; docs/decisions/028-wali-kelas-catatan.md): the
 * teachers' notes (nilai_sikap) of every pupil, read-only, for any class; for a K13 class also the
 * wali's own text per P5 dimension (catatan_budaya_kerja), saved like the other homeroom texts.
 */

/** K13 unless the class's curriculum is Kurikulum Merdeka (reference-domain §3.1: by its name). */
async function isK13(db: Db, rombelId: string): Promise<boolean> {
  const [row] = await db
    .select({ nama: refKurikulum.namaKurikulum })
    .from(rombonganBelajar)
    .leftJoin(refKurikulum, eq(refKurikulum.kurikulumId, rombonganBelajar.kurikulumId))
    .where(eq(rombonganBelajar.rombonganBelajarId, rombelId));
  return !isMerdeka(row?.nama);
}

async function dimensiList(db: Db) {
  const rows = await db.select().from(refP5Dimensi).orderBy(asc(refP5Dimensi.no));
  return rows.map((d) => ({ dimensi_id: d.no, nama: d.dimensi }));
}

/** Every pupil of the class with the teachers' notes of the semester and (K13) the wali's texts. */
async function sikapRows(db: Db, actor: Actor, rombelId: string, k13: boolean): Promise<CatatanSikapRow[]> {
  const [members, notes, texts] = await Promise.all([
    sqlRows<Record<string, unknown>>(
      db,
      sql`select a.anggota_rombel_id, p.nama, p.nisn
        from anggota_rombel a join peserta_didik p on p.peserta_didik_id = a.peserta_didik_id
        where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
        order by p.nama, a.anggota_rombel_id`,
    ),
    sqlRows<Record<string, unknown>>(
      db,
      sql`select s.anggota_rombel_id, g.nama as guru, d.dimensi, e.elemen, s.deskripsi, s.opsi_id,
          s.tanggal::text as tanggal
        from nilai_sikap s
        join anggota_rombel a on a.anggota_rombel_id = s.anggota_rombel_id
        left join guru g on g.guru_id = s.guru_id
        left join ref_p5_dimensi d on d.no = s.dimensi_id
        left join ref_p5_elemen e on e.no = s.elemen_id
        where a.rombongan_belajar_id = ${rombelId} and a.deleted_at is null
          and s.semester_id = ${actor.semesterId}
        order by s.tanggal, s.created_at, s.nilai_sikap_id`,
    ),
    k13
      ? sqlRows<Record<string, unknown>>(
          db,
          sql`select c.anggota_rombel_id, c.budaya_kerja_id, c.catatan
            from catatan_budaya_kerja c
            join anggota_rombel a on a.anggota_rombel_id = c.anggota_rombel_id
            where a.rombongan_belajar_id = ${rombelId} and c.budaya_kerja_id is not null`,
        )
      : Promise.resolve([]),
  ]);
  const byPupil = new Map<string, CatatanSikapRow>(
    members.map((m) => [
      String(m.anggota_rombel_id),
      {
        anggota_rombel_id: String(m.anggota_rombel_id),
        nama: String(m.nama),
        nisn: m.nisn === null ? null : String(m.nisn),
        catatan_guru: [],
        catatan_wali: {},
      },
    ]),
  );
  for (const n of notes) {
    byPupil.get(String(n.anggota_rombel_id))?.catatan_guru.push({
      guru: n.guru === null ? null : String(n.guru),
      dimensi: n.dimensi === null ? null : String(n.dimensi),
      elemen: n.elemen === null ? null : String(n.elemen),
      deskripsi: String(n.deskripsi),
      opsi: OPSI_SIKAP_LABEL[Number(n.opsi_id)] ?? String(n.opsi_id),
      tanggal: String(n.tanggal),
    });
  }
  for (const c of texts) {
    const row = byPupil.get(String(c.anggota_rombel_id));
    if (row) row.catatan_wali[String(c.budaya_kerja_id)] = String(c.catatan);
  }
  return [...byPupil.values()];
}

/** GET /api/wali-kelas/catatan-sikap. */
export async function getCatatanSikap(
  db: Db,
  actor: Actor,
  query: { rombongan_belajar_id?: string },
): Promise<CatatanSikapResponse> {
  const { rombel, all } = await ownWaliRombel(db, actor, query.rombongan_belajar_id);
  const rombelId = rombel.rombonganBelajarId;
  const k13 = await isK13(db, rombelId);
  return {
    rombel: { rombongan_belajar_id: rombelId, nama: rombel.nama },
    kelas: kelasOptions(all),
    k13,
    dimensi: k13 ? await dimensiList(db) : [],
    penilaian_tertutup: k13 ? await closedMessage(db, actor, rombelId) : null,
    data: await sikapRows(db, actor, rombelId, k13),
  };
}

const same = (a: string | undefined, b: string) => (a ?? '') === b;
const show = (v: string | undefined) => (v ? (v.length > 60 ? `${v.slice(0, 60)}…` : v) : '(kosong)');

/** PUT /api/wali-kelas/catatan-sikap: the wali's texts per pupil and dimension (K13 classes only). */
export async function saveCatatanSikap(
  db: Db,
  actor: Actor,
  input: CatatanSikapSave,
): Promise<CatatanSikapSaved> {
  const { rombel } = await ownWaliRombel(db, actor, input.rombongan_belajar_id);
  const rombelId = rombel.rombonganBelajarId;
  if (!(await isK13(db, rombelId))) throw new AppError(409, 'NOT_K13', CATATAN_SIKAP_MESSAGES.notK13);
  const dimensi = new Set((await dimensiList(db)).map((d) => d.dimensi_id));
  const members = await sikapRows(db, actor, rombelId, true);
  const names = new Map(members.map((m) => [m.anggota_rombel_id, m.nama]));
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const cells: Cell<string>[] = input.rows.map((row, index) => {
    const key = String(row.dimensi_id);
    if (!names.has(row.anggota_rombel_id))
      details[`rows.${index}.anggota_rombel_id`] = CATATAN_MESSAGES.notMember;
    if (!dimensi.has(row.dimensi_id))
      details[`rows.${index}.dimensi_id`] = CATATAN_SIKAP_MESSAGES.unknownDimensi;
    const id = cellId(row.anggota_rombel_id, key);
    if (seen.has(id)) details[`rows.${index}.dimensi_id`] = CATATAN_SIKAP_MESSAGES.duplicateRow;
    seen.add(id);
    const checked = checkCatatan(row.catatan);
    if (!checked.ok) details[`rows.${index}.catatan`] = checked.message;
    return {
      index,
      anggotaRombelId: row.anggota_rombel_id,
      key,
      value: checked.ok ? checked.value : '',
      sebelumnya: row.sebelumnya.trim(),
    };
  });
  if (Object.keys(details).length > 0) throw validationError(details);

  const ids = [...new Set(input.rows.map((r) => r.anggota_rombel_id))];
  const saved = await db
    .transaction(async (tx) => {
      const changing = await beginGridSave(
        tx,
        actor,
        { pembelajaranId: `catatan-sikap:${rombelId}`, rombonganBelajarId: rombelId },
        cells,
        async () => {
          const stored = await tx
            .select({
              id: catatanBudayaKerja.anggotaRombelId,
              dimensi: catatanBudayaKerja.budayaKerjaId,
              catatan: catatanBudayaKerja.catatan,
            })
            .from(catatanBudayaKerja)
            .where(
              and(
                inArray(catatanBudayaKerja.anggotaRombelId, ids),
                isNotNull(catatanBudayaKerja.budayaKerjaId),
              ),
            )
            .for('update');
          return new Map(stored.map((s) => [cellId(s.id, String(s.dimensi)), s.catatan]));
        },
        names,
        same,
        show,
        {
          field: () => 'catatan',
          conflict: CATATAN_SIKAP_MESSAGES.conflict,
          // The whole note, not the shortened one of the conflict message.
          audit: {
            jenis: 'catatan_sikap',
            rombonganBelajarId: rombelId,
            pembelajaranId: null,
            value: (v) => v || null,
          },
        },
      );
      const upserts = changing.filter((c) => c.value !== '');
      const deletes = changing.filter((c) => c.value === '');
      if (upserts.length > 0) {
        await tx
          .insert(catatanBudayaKerja)
          .values(
            upserts.map((c) => ({
              sekolahId: actor.sekolahId,
              anggotaRombelId: c.anggotaRombelId,
              budayaKerjaId: Number(c.key),
              catatan: c.value,
            })),
          )
          .onConflictDoUpdate({
            target: [catatanBudayaKerja.anggotaRombelId, catatanBudayaKerja.budayaKerjaId],
            set: { catatan: sql`excluded.catatan`, updatedAt: sql`now()` },
          });
      }
      if (deletes.length > 0) {
        await tx.delete(catatanBudayaKerja).where(
          and(
            inArray(
              catatanBudayaKerja.anggotaRombelId,
              deletes.map((c) => c.anggotaRombelId),
            ),
            sql`(${catatanBudayaKerja.anggotaRombelId}, ${catatanBudayaKerja.budayaKerjaId}) in (${sql.join(
              deletes.map((c) => sql`(${c.anggotaRombelId}::uuid, ${Number(c.key)}::smallint)`),
              sql`, `,
            )})`,
          ),
        );
      }
      return changing.length;
    })
    .catch(ownLockMessage);
  return {
    message: CATATAN_SIKAP_MESSAGES.saved,
    saved,
    data: await sikapRows(db, actor, rombelId, true),
  };
}
