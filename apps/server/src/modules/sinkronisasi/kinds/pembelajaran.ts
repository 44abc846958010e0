import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { guru, pembelajaran } from '../../../db/tables/referensi';
import { applyRows, idsOf, type Row, rowError, skip, warn } from '../engine';
import { int, text, uuid } from '../normalize';
import { liveRombel } from './anggota';
import { type Api, type KindContext, opts, semesterScope } from './context';

// Data kind: pembelajaran

export async function syncPembelajaran(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('pembelajaran');
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const rombel = await liveRombel(k, tx, [1, 16, 51]);
    const gurus = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId);
    const known = await idsOf(tx, pembelajaran, 'pembelajaranId', 'pembelajaranIdDapodik', k.sekolahId);
    const incoming = new Set(list.rows.map((p) => uuid(p.pembelajaran_id)).filter(Boolean));
    const rows: Row[] = [];
    for (const p of list.rows) {
      const id = uuid(p.pembelajaran_id);
      const mapel = int(p.mata_pelajaran_id);
      const nama = text(p.nama_mata_pelajaran);
      if (!id || mapel === null || !nama) {
        rowError(k.report, `Pembelajaran ${String(p.pembelajaran_id ?? '?')} tidak lengkap; dilewati.`);
        k.report.skipped++;
        continue;
      }
      const rid = uuid(p.rombongan_belajar_id);
      const r = rid ? rombel.get(rid) : undefined;
      if (!r) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Rombel', rid ?? '?'));
        continue;
      }
      // A missing teacher or parent subject leaves that link empty; the pembelajaran itself is stored.
      const what = `pembelajaran ${nama}`;
      const ptk = uuid(p.ptk_id);
      const guruId = ptk ? (gurus.get(ptk) ?? null) : null;
      if (ptk && !guruId) warn(k.report, SYNC_MESSAGES.parentMissingKept('Guru (PTK)', ptk, what, 'guru'));
      const induk = uuid(p.induk_pembelajaran_id);
      const indukLocal = induk ? (known.get(induk) ?? (incoming.has(induk) ? induk : null)) : null;
      if (induk && !indukLocal)
        warn(
          k.report,
          SYNC_MESSAGES.parentMissingKept('Pembelajaran induk', induk, what, 'pembelajaran induk'),
        );
      rows.push({
        pembelajaranIdDapodik: id,
        semesterId: k.semesterId,
        rombonganBelajarId: r,
        guruId,
        mataPelajaranId: mapel,
        namaMataPelajaran: nama,
        indukPembelajaranId: indukLocal,
        jamMengajarPerMinggu: int(p.jam_mengajar_per_minggu, 'smallint'),
        isDapodik: true,
      });
    }
    // Parents before their sub-subjects (foreign key).
    rows.sort((a, b) => Number(a.indukPembelajaranId !== null) - Number(b.indukPembelajaranId !== null));
    await applyRows(
      tx,
      {
        table: pembelajaran,
        pk: 'pembelajaranId',
        dapodik: 'pembelajaranIdDapodik',
        owned: [
          'semesterId',
          'rombonganBelajarId',
          'guruId',
          'mataPelajaranId',
          'indukPembelajaranId',
          'jamMengajarPerMinggu',
          'isDapodik',
        ],
        // The grid edits the subject's name (decision 010); kelompok, no urut, KKM and the teaching
        // teacher are the school's and never come from Dapodik.
        insertOnly: ['namaMataPelajaran'],
        softDelete: true,
      },
      rows,
      k.report,
      { ...opts(k), scope: semesterScope(pembelajaran.semesterId, k.semesterId), scopeLabel: 'Pembelajaran' },
    );
  });
}
