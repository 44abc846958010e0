import { SYNC_MESSAGES } from '@erapor/contract/sinkronisasi';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gelarPtk, guru, ptkKeluar } from '../../../db/tables/referensi';
import { getSettings, setSetting } from '../../sekolah/service';
import { SETTING_KEYS } from '../../sekolah/settings';
import { applyRows, idsOf, type Outcome, type Row, rowError, warn } from '../engine';
import { date, field, flag, int, jenisKelamin, kodeWilayah, lowerEmail, text, uuid } from '../normalize';
import { type Api, type KindContext, kecamatanNames, opts } from './context';

// Data kind: ptk (guru, gelar, ptk_keluar)

export async function syncPtk(k: KindContext): Promise<void> {
  const aktif = await k.client.list<Api>('ptk', { status: 'aktif' });
  const keluar = await k.client.list<Api>('ptk', { status: 'keluar' });
  k.report.fetched = aktif.rows.length + keluar.rows.length;
  k.report.total = (aktif.total ?? aktif.rows.length) + (keluar.total ?? keluar.rows.length);
  k.applying();
  await k.db.transaction(async (tx) => {
    const all = [...aktif.rows, ...keluar.rows];
    const kecamatan = await kecamatanNames(
      tx,
      all.map((p) => kodeWilayah(p.kode_wilayah)),
    );
    const rows: Row[] = [];
    /** What happened to each PTK (Dapodik id): the guru row and their keluar mark are one record. */
    const outcomes = new Map<string, Outcome>();
    const omitted = k.client.omits?.('ptk') ?? [];
    for (const p of all) {
      const id = uuid(p.ptk_id);
      const jenis = int(p.jenis_ptk_id, 'smallint');
      const nama = text(p.nama);
      if (!id || jenis === null || !nama) {
        rowError(
          k.report,
          `PTK ${String(p.ptk_id ?? '?')} tidak lengkap (ptk_id, nama, jenis_ptk_id); dilewati.`,
        );
        k.report.skipped++;
        continue;
      }
      const kode = kodeWilayah(p.kode_wilayah);
      rows.push({
        guruIdDapodik: id,
        nama,
        nuptk: text(p.nuptk, 32),
        nip: text(p.nip, 32),
        nik: text(p.nik, 16),
        jenisKelamin: jenisKelamin(p.jenis_kelamin),
        tempatLahir: text(p.tempat_lahir),
        tanggalLahir: date(p.tanggal_lahir),
        jenisPtkId: jenis,
        agamaId: int(p.agama_id, 'smallint'),
        statusKepegawaianId: int(p.status_kepegawaian_id, 'smallint'),
        jabatanPtkId: int(p.jabatan_ptk_id, 'smallint'),
        alamat: text(p.alamat_jalan),
        rt: text(p.rt, 4),
        rw: text(p.rw, 4),
        desaKelurahan: text(p.desa_kelurahan),
        kecamatan: kode ? (kecamatan.get(kode) ?? null) : null,
        kodeWilayah: kode,
        kodePos: text(p.kode_pos, 8),
        noHp: text(p.no_hp, 32),
        email: lowerEmail(p.email),
        isDapodik: true,
      });
      const row = rows.at(-1) as Row;
      for (const key of omitted) delete row[key];
    }
    const { ids } = await applyRows(
      tx,
      {
        table: guru,
        pk: 'guruId',
        dapodik: 'guruIdDapodik',
        owned: [
          'nama',
          'nuptk',
          'nip',
          'nik',
          'jenisKelamin',
          'tempatLahir',
          'tanggalLahir',
          'jenisPtkId',
          'agamaId',
          'statusKepegawaianId',
          'jabatanPtkId',
          'alamat',
          'rt',
          'rw',
          'desaKelurahan',
          'kecamatan',
          'kodeWilayah',
          'kodePos',
          'noHp',
          'isDapodik',
        ],
        // The e-mail is the login of the teacher's account: Dapodik fills it once, the school keeps it.
        insertOnly: ['email'],
        softDelete: true,
      },
      rows,
      k.report,
      { ...opts(k), outcomes },
    );

    // Titles from the formal education history (of the PTK whose history came).
    const gelar: Row[] = [];
    const withHistory = new Set<string>();
    for (const p of all) {
      const guruId = ids.get(uuid(p.ptk_id) ?? '');
      if (!guruId || !Array.isArray(p.rwy_pend_formal)) continue;
      withHistory.add(guruId);
      let n = 0;
      for (const r of p.rwy_pend_formal as Api[]) {
        const gid = uuid(r.riwayat_pendidikan_formal_id);
        const gelarId = int(r.gelar_akademik_id);
        if (!gid || !gelarId || flag(field(r, 'soft_delete'))) continue;
        gelar.push({ gelarPtkIdDapodik: gid, guruId, gelarAkademikId: gelarId, noUrut: ++n });
      }
    }
    await applyRows(
      tx,
      {
        table: gelarPtk,
        pk: 'gelarPtkId',
        dapodik: 'gelarPtkIdDapodik',
        owned: ['guruId', 'gelarAkademikId', 'noUrut'],
        softDelete: true,
      },
      gelar,
      k.report,
      {
        ...opts(k),
        // Titles of the PTK in these lists only (a PTK absent from Dapodik keeps theirs).
        scope: withHistory.size ? inArray(gelarPtk.guruId, [...withHistory]) : sql`false`,
        scopeLabel: 'Gelar PTK',
        tick: undefined,
      },
    );

    // The head teacher of the semester, when the school has not chosen one yet (Pengaturan Umum).
    const kepala = k.shared.kepalaSekolahPtkId ? ids.get(k.shared.kepalaSekolahPtkId) : undefined;
    if (kepala) {
      const settings = await getSettings(tx, { sekolahId: k.sekolahId }, k.semesterId);
      if (!settings[SETTING_KEYS.kepalaSekolah])
        await setSetting(
          tx,
          { sekolahId: k.sekolahId },
          { key: SETTING_KEYS.kepalaSekolah, value: kepala, semesterId: k.semesterId },
        );
    }

    // PTK who left: a ptk_keluar row of the semester, never a deletion (§7.4).
    const active = new Set([...aktif.rows].map((p) => ids.get(uuid(p.ptk_id) ?? '')).filter(Boolean));
    const dapodikGuru = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId, { liveOnly: true });
    const marked = new Set(
      (
        await tx
          .select({ guruId: ptkKeluar.guruId })
          .from(ptkKeluar)
          .where(and(eq(ptkKeluar.sekolahId, k.sekolahId), eq(ptkKeluar.semesterId, k.semesterId)))
      ).map((r) => r.guruId),
    );
    const returned = [...marked].filter((g) => active.has(g));
    const dapodikOf = new Map([...ids].map(([dapodik, local]) => [local, dapodik]));
    if (returned.length) {
      await tx
        .delete(ptkKeluar)
        .where(and(eq(ptkKeluar.semesterId, k.semesterId), inArray(ptkKeluar.guruId, returned)));
      // A PTK back from keluar: revived, whatever else changed in the row.
      for (const g of returned) outcomes.set(dapodikOf.get(g) ?? g, 'revived');
    }
    const notMarked = [...dapodikGuru.values()].filter((g) => !active.has(g) && !marked.has(g));
    // A PTK first seen in this sync, already keluar, is new (with its mark): nothing is removed.
    const isNew = (g: string) => outcomes.get(dapodikOf.get(g) ?? '') === 'inserted';
    const newLeavers = notMarked.filter(isNew);
    const leaving = notMarked.filter((g) => !isNew(g));
    const stillIn = [...dapodikGuru.values()].filter(
      (g) => (!marked.has(g) || active.has(g)) && !isNew(g),
    ).length;
    const mark = async (guruIds: string[]) => {
      if (guruIds.length)
        await tx
          .insert(ptkKeluar)
          .values(guruIds.map((guruId) => ({ sekolahId: k.sekolahId, semesterId: k.semesterId, guruId })));
    };
    await mark(newLeavers);
    if (leaving.length) {
      const held = leaving.length > 1 && leaving.length / stillIn > 0.3 && !k.confirmDeletions;
      if (held) warn(k.report, SYNC_MESSAGES.safetyValve('GTK', leaving.length, stillIn));
      else await mark(leaving);
      // Each leaver once: held back or removed (a PTK absent from both lists has no outcome yet).
      for (const g of leaving) outcomes.delete(dapodikOf.get(g) ?? g);
      if (held) k.report.held += leaving.length;
      else k.report.removed += leaving.length;
    }
    for (const outcome of outcomes.values()) k.report[outcome]++;
  });
}
