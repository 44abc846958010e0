import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guru, jurusanSp, rombonganBelajar } from '../../../db/tables/referensi';
import { applyRows, DELETED, idsOf, type Row, rowError, skip, warn } from '../engine';
import { field, flag, int, text, uuid } from '../normalize';
import { type Api, type KindContext, opts, semesterScope } from './context';

// Data kind: rombongan belajar (jenis 1 and 16; 51 comes with the ekstrakurikuler)

export async function rombelRows(k: KindContext, tx: Db, list: Api[]): Promise<Row[]> {
  const gurus = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId);
  const jurusan = await tx
    .select({
      id: jurusanSp.jurusanSpId,
      dapodik: jurusanSp.jurusanSpIdDapodik,
      jurusanId: jurusanSp.jurusanId,
    })
    .from(jurusanSp)
    .where(eq(jurusanSp.sekolahId, k.sekolahId));
  const jurusanBy = new Map(jurusan.map((j) => [j.dapodik, j]));
  // A source with jurusan_id but no jurusan_sp_id (the Web Service): the school's only program of it.
  const byJurusan = new Map<string, (typeof jurusan)[number] | null>();
  for (const j of jurusan) byJurusan.set(j.jurusanId, byJurusan.has(j.jurusanId) ? null : j);
  const rows: Row[] = [];
  for (const r of list) {
    const id = uuid(r.rombongan_belajar_id);
    const nama = text(r.nama, 100);
    const tingkat = int(r.tingkat_pendidikan_id, 'smallint');
    const jenis = int(r.jenis_rombel, 'smallint');
    if (!id || !nama || tingkat === null || jenis === null) {
      rowError(k.report, `Rombel ${String(r.rombongan_belajar_id ?? '?')} tidak lengkap; dilewati.`);
      k.report.skipped++;
      continue;
    }
    const sem = text(r.semester_id) ?? k.semesterId;
    if (sem !== k.semesterId) {
      skip(k.report, `Rombel ${nama} milik semester ${sem}, bukan ${k.semesterId}; dilewati.`);
      continue;
    }
    const waliDapodik = uuid(field(r, 'wali_ptk_id') ?? r.ptk_id);
    const guruId = waliDapodik ? (gurus.get(waliDapodik) ?? null) : null;
    const [who, role] = jenis === 51 ? ['Pembina (PTK)', 'pembina'] : ['Wali kelas (PTK)', 'wali kelas'];
    if (waliDapodik && !guruId)
      warn(k.report, SYNC_MESSAGES.parentMissingKept(who, waliDapodik, `rombel ${nama}`, role));
    const spDapodik = uuid(r.jurusan_sp_id);
    const jurusanId = 'jurusan_sp_id' in r ? null : text(r.jurusan_id, 25);
    const sp = spDapodik
      ? jurusanBy.get(spDapodik)
      : jurusanId
        ? (byJurusan.get(jurusanId) ?? undefined)
        : undefined;
    if (spDapodik && !sp)
      warn(
        k.report,
        SYNC_MESSAGES.parentMissingKept('Program keahlian', spDapodik, `rombel ${nama}`, 'program keahlian'),
      );
    rows.push({
      rombonganBelajarIdDapodik: id,
      semesterId: k.semesterId,
      nama,
      tingkat,
      jenisRombel: jenis,
      jurusanId: sp?.jurusanId ?? null,
      jurusanSpId: sp?.id ?? null,
      kurikulumId: int(r.kurikulum_id),
      guruId,
      namaRuang: text(r.nm_ruang, 100),
      [DELETED]: flag(field(r, 'soft_delete')),
    });
  }
  return rows;
}

export const ROMBEL_SPEC = {
  table: rombonganBelajar,
  pk: 'rombonganBelajarId',
  dapodik: 'rombonganBelajarIdDapodik',
  owned: [
    'semesterId',
    'nama',
    'tingkat',
    'jenisRombel',
    'jurusanId',
    'jurusanSpId',
    'kurikulumId',
    'guruId',
    'namaRuang',
  ],
  softDelete: true,
} as const;

export async function syncRombel(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('rombongan-belajar', { jenis: '1,16' });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const rows = await rombelRows(k, tx, list.rows);
    await applyRows(tx, ROMBEL_SPEC, rows, k.report, {
      ...opts(k),
      scope: and(
        semesterScope(rombonganBelajar.semesterId, k.semesterId),
        inArray(rombonganBelajar.jenisRombel, [1, 16]),
      ),
      scopeLabel: 'Rombongan belajar',
    });
  });
}
