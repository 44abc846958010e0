import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, eq } from 'drizzle-orm';
import { ekstrakurikuler, guru, rombonganBelajar } from '../../../db/tables/referensi';
import { applyRows, idsOf, type Row, rowError, skip, warn } from '../engine';
import { field, text, uuid } from '../normalize';
import { liveRombel } from './anggota';
import { type Api, type KindContext, opts, semesterScope } from './context';
import { ROMBEL_SPEC, rombelRows } from './rombel';

// Data kind: ekstrakurikuler (the jenis-51 rombel and the ekskul)

export async function syncEkskul(k: KindContext): Promise<void> {
  const rombelList = await k.client.list<Api>('rombongan-belajar', { jenis: '51' });
  const list = await k.client.list<Api>('ekstrakurikuler');
  k.report.fetched = rombelList.rows.length + list.rows.length;
  k.report.total = (rombelList.total ?? rombelList.rows.length) + (list.total ?? list.rows.length);
  k.applying();
  await k.db.transaction(async (tx) => {
    const rombelRowsList = await rombelRows(k, tx, rombelList.rows);
    await applyRows(tx, ROMBEL_SPEC, rombelRowsList, k.report, {
      ...opts(k),
      scope: and(
        semesterScope(rombonganBelajar.semesterId, k.semesterId),
        eq(rombonganBelajar.jenisRombel, 51),
      ),
      scopeLabel: 'Rombel ekstrakurikuler',
    });
    const rombel = await liveRombel(k, tx, [51]);
    const gurus = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId);
    const rows: Row[] = [];
    for (const e of list.rows) {
      const id = uuid(field(e, 'id_kelas_ekskul'));
      const nama = text(e.nm_ekskul, 100);
      if (!id || !nama) {
        rowError(
          k.report,
          `Ekstrakurikuler ${String(field(e, 'id_kelas_ekskul') ?? '?')} tidak lengkap; dilewati.`,
        );
        k.report.skipped++;
        continue;
      }
      const rid = uuid(e.rombongan_belajar_id);
      const r = rid ? rombel.get(rid) : undefined;
      if (!r) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Rombel ekstrakurikuler', rid ?? '?'));
        continue;
      }
      const ptk = uuid(e.pembina_ptk_id);
      const guruId = ptk ? (gurus.get(ptk) ?? null) : null;
      if (ptk && !guruId)
        warn(
          k.report,
          SYNC_MESSAGES.parentMissingKept('Pembina (PTK)', ptk, `ekstrakurikuler ${nama}`, 'pembina'),
        );
      rows.push({
        ekstrakurikulerIdDapodik: id,
        semesterId: k.semesterId,
        namaEkskul: nama,
        guruId,
        alamatEkskul: text(e.nm_ruang),
        rombonganBelajarId: r,
        isDapodik: true,
      });
    }
    await applyRows(
      tx,
      {
        table: ekstrakurikuler,
        pk: 'ekstrakurikulerId',
        dapodik: 'ekstrakurikulerIdDapodik',
        owned: ['semesterId', 'namaEkskul', 'guruId', 'alamatEkskul', 'rombonganBelajarId', 'isDapodik'],
        softDelete: true,
      },
      rows,
      k.report,
      {
        ...opts(k),
        scope: semesterScope(ekstrakurikuler.semesterId, k.semesterId),
        scopeLabel: 'Ekstrakurikuler',
      },
    );
  });
}
