import { resolveNisn, SYNC_MESSAGES, type SyncKind } from '@erapor/contract/sinkronisasi';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { refMstWilayah } from '../referensi/ref-tables';
import {
  aktPd,
  anggotaAktPd,
  anggotaRombel,
  bimbingPd,
  dudi,
  ekstrakurikuler,
  gelarPtk,
  guru,
  jurusanSp,
  mou,
  pdKeluar,
  pembelajaran,
  pesertaDidik,
  ptkKeluar,
  rombonganBelajar,
} from '../referensi/tables';
import { getSettings, setSetting } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { sqlRows } from '../sekolah/sql-rows';
import { sekolah } from '../sekolah/tables';
import {
  type ApplyOptions,
  applyRows,
  DELETED,
  idsOf,
  type Outcome,
  type Report,
  type Row,
  rowError,
  skip,
  warn,
} from './engine';
import { date, field, flag, int, jenisKelamin, kodeWilayah, lowerEmail, text, uuid } from './normalize';
import type { PullSource } from './sources/source';

/*
 * One function per data kind (reference-dapodik §3 mapping, §7.2 order, §7.4 rules): fetch the
 * kind's lists completely (outside any transaction), then apply them in one transaction. A fetch that
 * fails leaves the database untouched; a failed apply rolls back only this kind.
 */

export interface KindContext {
  db: Db;
  /** The source (the /sync/v1 client or the Web Service adapter), its page callback reporting into this kind. */
  client: PullSource;
  sekolahId: string;
  semesterId: string;
  report: Report;
  confirmDeletions: boolean;
  now: Date;
  signal: AbortSignal;
  /** One row processed (progress). */
  tick: () => void;
  /** Switches the report to the apply phase. */
  applying: () => void;
  /** What an earlier kind of the same run learnt for a later one (the head teacher's ptk_id). */
  shared: { kepalaSekolahPtkId?: string | null };
}

type Api = Record<string, unknown>;

const semesterScope = (semesterCol: unknown, semesterId: string) => sql`${semesterCol} = ${semesterId}`;

/** Kecamatan names of wilayah codes, from ref_mst_wilayah (the desa/kelurahan level walks up). */
async function kecamatanNames(tx: Db, codes: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = new Set([...codes].filter((c): c is string => !!c));
  const rows = new Map<string, { nama: string; level: number; parent: string | null }>();
  let ask = [...wanted];
  for (let depth = 0; depth < 3 && ask.length; depth++) {
    const found = await tx
      .select({
        kode: refMstWilayah.kodeWilayah,
        nama: refMstWilayah.nama,
        level: refMstWilayah.idLevelWilayah,
        parent: refMstWilayah.mstKodeWilayah,
      })
      .from(refMstWilayah)
      .where(inArray(refMstWilayah.kodeWilayah, ask));
    for (const f of found) rows.set(f.kode, { nama: f.nama, level: f.level, parent: f.parent });
    ask = found.filter((f) => f.level > 3 && f.parent && !rows.has(f.parent)).map((f) => f.parent as string);
  }
  const out = new Map<string, string>();
  for (const code of wanted) {
    let r = rows.get(code);
    while (r && r.level > 3 && r.parent) r = rows.get(r.parent);
    if (r && r.level === 3) out.set(code, r.nama);
  }
  return out;
}

/** Tables of the penilaian module whose rows hang off anggota_rombel_id (decision 007). */
const GRADE_TABLES = ['nilai_akhir', 'nilai_sumatif', 'nilai_tp', 'nilai_sikap', 'nilai_ekstrakurikuler'];

/**
 * Reference-dapodik §7.4: a membership removed by the sync (a pupil moved to another class) keeps
 * its grades, which then no longer show in the new class; say so.
 */
async function warnGradesOnRemoved(k: KindContext, tx: Db, removed: string[]): Promise<void> {
  if (!removed.length) return;
  const ids = sql.join(
    removed.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const graded = sql.join(
    GRADE_TABLES.map(
      (t) =>
        sql`exists (select 1 from ${sql.identifier(t)} n where n.anggota_rombel_id = a.anggota_rombel_id)`,
    ),
    sql` or `,
  );
  const [row] = await sqlRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from anggota_rombel a where a.anggota_rombel_id in (${ids}) and (${graded})`,
  );
  const n = Number(row?.n ?? 0);
  if (n > 0) warn(k.report, SYNC_MESSAGES.gradesOnRemoved(n));
}

// --- sekolah (+ jurusan_sp, wilayah) ---

async function syncSekolah(k: KindContext): Promise<void> {
  const { data: s } = await k.client.document<Api>('sekolah');
  k.shared.kepalaSekolahPtkId = uuid(s.kepala_sekolah_ptk_id);
  k.report.fetched = 1;
  k.report.total = 1;
  // A source without jurusan_sp (the Web Service) leaves the school's program keahlian alone.
  const jurusanList = Array.isArray(s.jurusan_sp) ? (s.jurusan_sp as Api[]) : null;
  const chain = Array.isArray(s.wilayah) ? (s.wilayah as Api[]) : [];
  k.applying();
  await k.db.transaction(async (tx) => {
    // The school's wilayah chain (with desa codes the national files lack), kept when already there.
    const wilayah = chain
      .map((w) => ({
        kodeWilayah: kodeWilayah(w.kode_wilayah),
        nama: text(w.nama, 100),
        idLevelWilayah: int(w.id_level_wilayah, 'smallint'),
        mstKodeWilayah: kodeWilayah(w.mst_kode_wilayah),
        negaraId: text(w.negara_id, 2),
        kodeBps: text(w.kode_bps, 16),
        kodeDagri: text(w.kode_dagri, 16),
      }))
      .filter((w) => w.kodeWilayah && w.nama && w.idLevelWilayah !== null);
    if (wilayah.length)
      await tx
        .insert(refMstWilayah)
        .values(wilayah as never)
        .onConflictDoNothing();

    const status = int(s.status_sekolah);
    const values: Row = {
      nama: text(s.nama),
      nss: text(s.nss, 32),
      bentukPendidikanId: int(s.bentuk_pendidikan_id),
      statusSekolah: status === 1 ? 'Negeri' : status === 2 ? 'Swasta' : text(s.status_sekolah, 16),
      alamat: text(s.alamat_jalan),
      rt: text(s.rt, 4),
      rw: text(s.rw, 4),
      desaKelurahan: text(s.desa_kelurahan),
      kecamatan: text(s.kecamatan),
      kabupaten: text(s.kabupaten_kota),
      provinsi: text(s.provinsi),
      kodeWilayah: text(s.kode_wilayah, 16),
      kodePos: text(s.kode_pos, 8),
      lintang: text(s.lintang),
      bujur: text(s.bujur),
      noTelp: text(s.nomor_telepon, 32),
      noFax: text(s.nomor_fax, 32),
      email: text(s.email),
      website: text(s.website),
      sekolahIdDapodik: uuid(s.sekolah_id),
    };
    if (!values.nama) delete values.nama;
    const [old] = await tx.select().from(sekolah).where(eq(sekolah.sekolahId, k.sekolahId));
    if (!old) throw new Error('sekolah missing');
    const changed = Object.keys(values).filter(
      (key) => String(values[key] ?? '') !== String((old as Row)[key] ?? ''),
    );
    if (changed.length) {
      const set: Row = { updatedAt: k.now };
      for (const key of changed) set[key] = values[key];
      await tx.update(sekolah).set(set).where(eq(sekolah.sekolahId, k.sekolahId));
      k.report.updated++;
    } else k.report.unchanged++;
    k.tick();

    if (!jurusanList) return;
    const rows = jurusanList
      .map((j) => ({
        jurusanSpIdDapodik: uuid(j.jurusan_sp_id),
        jurusanId: text(j.jurusan_id, 25),
        namaJurusanSp: text(j.nama_jurusan_sp),
      }))
      .filter((j) => j.jurusanSpIdDapodik && j.jurusanId && j.namaJurusanSp);
    k.report.skipped += jurusanList.length - rows.length;
    k.report.fetched += rows.length;
    k.report.total = 1 + rows.length;
    await applyRows(
      tx,
      {
        table: jurusanSp,
        pk: 'jurusanSpId',
        dapodik: 'jurusanSpIdDapodik',
        owned: ['jurusanId', 'namaJurusanSp'],
        softDelete: true,
      },
      rows,
      k.report,
      { ...opts(k), scope: sql`true`, scopeLabel: 'Program keahlian' },
    );
  });
}

const opts = (k: KindContext) => ({
  sekolahId: k.sekolahId,
  confirmDeletions: k.confirmDeletions,
  tick: k.tick,
  signal: k.signal,
  now: k.now,
});

// --- ptk (guru, gelar, ptk_keluar) ---

async function syncPtk(k: KindContext): Promise<void> {
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

// --- rombongan belajar (jenis 1 and 16; 51 comes with the ekstrakurikuler) ---

async function rombelRows(k: KindContext, tx: Db, list: Api[]): Promise<Row[]> {
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

const ROMBEL_SPEC = {
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

async function syncRombel(k: KindContext): Promise<void> {
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

// --- peserta didik ---

const PD_OWNED = [
  'nama',
  'noInduk',
  'nisn',
  'jenisKelamin',
  'tempatLahir',
  'tanggalLahir',
  'agamaId',
  'namaDusun',
  'noHp',
  'sekolahAsal',
  'diterima',
  'active',
] as const;
/** Filled from Dapodik once; the school edits them afterwards (decision 010), so they stay. */
const PD_INSERT_ONLY = [
  'nik',
  'status',
  'anakKe',
  'alamat',
  'rt',
  'rw',
  'desaKelurahan',
  'kecamatan',
  'kodePos',
  'kodeWilayah',
  'noTelp',
  'email',
  'diterimaKelas',
  'namaAyah',
  'namaIbu',
  'kerjaAyah',
  'kerjaIbu',
  'namaWali',
  'kerjaWali',
] as const;

/**
 * NISN is unique per school; Dapodik may give one NISN to several pupils. resolveNisn (contract)
 * decides who keeps it, the same rule as the demo seed: the pupils of this list and the pupils the
 * school already stores with that NISN claim it, the smallest peserta_didik_id wins, whatever the
 * order of the rows. Stored rows that lose their NISN (or get another one) are cleared first, so the
 * upsert never meets the unique index half-way. Each clash is a warning naming the pupils.
 * Returns the NISN each incoming pupil keeps, and the Dapodik ids of listed pupils cleared here.
 */
async function settleNisn(
  k: KindContext,
  tx: Db,
  list: { id: string; nama: string; nisn: string | null }[],
): Promise<{ nisnOf: (id: string) => string | null; cleared: Set<string> }> {
  const stored = await tx
    .select({
      pk: pesertaDidik.pesertaDidikId,
      dapodik: pesertaDidik.pesertaDidikIdDapodik,
      nama: pesertaDidik.nama,
      nisn: pesertaDidik.nisn,
    })
    .from(pesertaDidik)
    .where(and(eq(pesertaDidik.sekolahId, k.sekolahId), sql`${pesertaDidik.nisn} is not null`));
  const listed = new Set(list.map((p) => p.id));
  const holders = stored
    .filter((h) => !h.dapodik || !listed.has(h.dapodik))
    .map((h) => ({ id: h.dapodik ?? h.pk, nama: h.nama, nisn: h.nisn, local: !h.dapodik }));
  const { nisnOf, clashes } = resolveNisn([...list, ...holders]);
  for (const c of clashes)
    if (c.others.some((o) => listed.has(o.id)) || listed.has(c.keeper.id))
      warn(
        k.report,
        SYNC_MESSAGES.duplicateNisn(
          c.nisn,
          c.keeper.nama,
          c.others.map((o) => o.nama),
          (c.keeper as { local?: boolean }).local === true,
        ),
      );
  // Every stored NISN that is not its holder's in the end is cleared before the upsert.
  const losing = stored.filter((h) => nisnOf(h.dapodik ?? h.pk) !== h.nisn);
  const cleared = new Set<string>();
  for (let i = 0; i < losing.length; i += 5_000)
    await tx
      .update(pesertaDidik)
      .set({ nisn: null, updatedAt: k.now })
      .where(
        inArray(
          pesertaDidik.pesertaDidikId,
          losing.slice(i, i + 5_000).map((h) => h.pk),
        ),
      );
  for (const h of losing) if (h.dapodik && listed.has(h.dapodik)) cleared.add(h.dapodik);
  return { nisnOf, cleared };
}

async function pupilRows(
  k: KindContext,
  tx: Db,
  list: Api[],
  active: boolean,
): Promise<{ rows: Row[]; cleared: Set<string> }> {
  const kecamatan = await kecamatanNames(
    tx,
    list.map((p) => kodeWilayah(p.kode_wilayah)),
  );
  const valid = list.filter((p) => {
    if (uuid(p.peserta_didik_id) && text(p.nama)) return true;
    rowError(k.report, `Peserta didik ${String(p.peserta_didik_id ?? '?')} tanpa id atau nama; dilewati.`);
    k.report.skipped++;
    return false;
  });
  const { nisnOf, cleared } = await settleNisn(
    k,
    tx,
    valid.map((p) => ({
      id: uuid(p.peserta_didik_id) as string,
      nama: text(p.nama) as string,
      nisn: text(p.nisn, 10),
    })),
  );
  const rows: Row[] = [];
  for (const p of valid) {
    const id = uuid(p.peserta_didik_id) as string;
    const nama = text(p.nama) as string;
    const nisn = nisnOf(id);
    const reg = (p.registrasi && typeof p.registrasi === 'object' ? p.registrasi : {}) as Api;
    const kode = kodeWilayah(p.kode_wilayah);
    rows.push({
      pesertaDidikIdDapodik: id,
      nama,
      noInduk: text(reg.nipd, 32),
      nisn,
      nik: text(p.nik, 16),
      jenisKelamin: jenisKelamin(p.jenis_kelamin),
      tempatLahir: text(p.tempat_lahir),
      tanggalLahir: date(p.tanggal_lahir),
      agamaId: int(p.agama_id, 'smallint'),
      status: 'Anak Kandung',
      anakKe: int(p.anak_keberapa, 'smallint'),
      alamat: text(p.alamat_jalan),
      rt: text(p.rt, 4),
      rw: text(p.rw, 4),
      namaDusun: text(p.nama_dusun),
      desaKelurahan: text(p.desa_kelurahan),
      kecamatan: kode ? (kecamatan.get(kode) ?? null) : null,
      kodePos: text(p.kode_pos, 8),
      kodeWilayah: kode,
      noTelp: text(p.nomor_telepon_rumah, 32),
      noHp: text(p.nomor_telepon_seluler, 32),
      email: lowerEmail(p.email),
      sekolahAsal: text(reg.sekolah_asal),
      diterimaKelas: text(typeof p.diterima_dikelas === 'string' ? p.diterima_dikelas : null, 100),
      diterima: date(reg.tanggal_masuk_sekolah),
      namaAyah: text(p.nama_ayah),
      namaIbu: text(p.nama_ibu_kandung ?? p.nama_ibu),
      kerjaAyah: int(p.pekerjaan_id_ayah, 'smallint'),
      kerjaIbu: int(p.pekerjaan_id_ibu, 'smallint'),
      namaWali: text(p.nama_wali),
      kerjaWali: int(p.pekerjaan_id_wali, 'smallint'),
      active,
    });
  }
  return { rows, cleared };
}

const PD_SPEC = {
  table: pesertaDidik,
  pk: 'pesertaDidikId',
  dapodik: 'pesertaDidikIdDapodik',
  owned: PD_OWNED,
  insertOnly: PD_INSERT_ONLY,
  softDelete: false,
} as const;

const ANGGOTA_SPEC = {
  table: anggotaRombel,
  pk: 'anggotaRombelId',
  dapodik: 'anggotaRombelIdDapodik',
  owned: ['semesterId', 'rombonganBelajarId', 'pesertaDidikId', 'jenisPendaftaranId'],
  softDelete: true,
} as const;

/** Live rombel of the semester of the given jenis: Dapodik id → local id. */
function liveRombel(k: KindContext, tx: Db, jenis: number[]) {
  return idsOf(tx, rombonganBelajar, 'rombonganBelajarId', 'rombonganBelajarIdDapodik', k.sekolahId, {
    liveOnly: true,
    where: and(eq(rombonganBelajar.semesterId, k.semesterId), inArray(rombonganBelajar.jenisRombel, jenis)),
  });
}

/** Memberships of the semester in rombel of these jenis. */
const anggotaScope = (semesterId: string, jenis: number[]) =>
  and(
    eq(anggotaRombel.semesterId, semesterId),
    sql`${anggotaRombel.rombonganBelajarId} in (select r.rombongan_belajar_id from rombongan_belajar r where r.jenis_rombel in (${sql.join(
      jenis.map((j) => sql`${j}`),
      sql`, `,
    )}))`,
  );

async function syncPdAktif(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('peserta-didik', { status: 'aktif' });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const { rows, cleared } = await pupilRows(k, tx, list.rows, true);
    /** A pupil and their keluar mark are one record: each pupil is counted once. */
    const outcomes = new Map<string, Outcome>();
    const { ids } = await applyRows(tx, PD_SPEC, rows, k.report, { ...opts(k), outcomes });
    for (const id of cleared) if (outcomes.get(id) === 'unchanged') outcomes.set(id, 'updated');
    // Back from the keluar list (re-activation).
    const activeIds = [...ids.values()];
    if (activeIds.length) {
      const dapodikOf = new Map([...ids].map(([dapodik, local]) => [local, dapodik]));
      const back = await tx
        .delete(pdKeluar)
        .where(and(eq(pdKeluar.semesterId, k.semesterId), inArray(pdKeluar.pesertaDidikId, activeIds)))
        .returning({ pd: pdKeluar.pesertaDidikId });
      for (const b of back) outcomes.set(dapodikOf.get(b.pd) ?? b.pd, 'revived');
    }
    for (const outcome of outcomes.values()) k.report[outcome]++;
    // The regular class of each pupil.
    const rombel = await liveRombel(k, tx, [1]);
    const anggota: Row[] = [];
    for (const p of list.rows) {
      const a = (
        p.anggota_rombel && typeof p.anggota_rombel === 'object' ? p.anggota_rombel : null
      ) as Api | null;
      const pd = ids.get(uuid(p.peserta_didik_id) ?? '');
      const aid = uuid(a?.anggota_rombel_id);
      if (!a || !aid) continue;
      // The pupil was not stored (its own message says why): nor is the membership.
      if (!pd) {
        k.report.skipped++;
        continue;
      }
      const rid = uuid(a.rombongan_belajar_id);
      const local = rid ? rombel.get(rid) : undefined;
      if (!local) {
        skip(k.report, SYNC_MESSAGES.parentMissing(`Rombel reguler dari ${text(p.nama)}:`, rid ?? '?'));
        continue;
      }
      anggota.push({
        anggotaRombelIdDapodik: aid,
        semesterId: k.semesterId,
        rombonganBelajarId: local,
        pesertaDidikId: pd,
        jenisPendaftaranId: int(a.jenis_pendaftaran_id, 'smallint'),
      });
    }
    const { removedIds } = await applyRows(tx, ANGGOTA_SPEC, anggota, k.report, {
      ...opts(k),
      tick: undefined,
      scope: anggotaScope(k.semesterId, [1]),
      scopeLabel: 'Anggota rombel reguler',
    });
    await warnGradesOnRemoved(k, tx, removedIds);
  });
}

async function syncPdKeluar(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('peserta-didik', { status: 'keluar' });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const { rows, cleared } = await pupilRows(k, tx, list.rows, false);
    /** A pupil who left and their pd_keluar row are one record: each pupil is counted once. */
    const outcomes = new Map<string, Outcome>();
    const { ids } = await applyRows(tx, PD_SPEC, rows, k.report, { ...opts(k), outcomes });
    for (const id of cleared) if (outcomes.get(id) === 'unchanged') outcomes.set(id, 'updated');
    const local = [...ids.values()];
    const existing = new Map(
      local.length
        ? (await tx.select().from(pdKeluar).where(inArray(pdKeluar.pesertaDidikId, local))).map((r) => [
            r.pesertaDidikId,
            r,
          ])
        : [],
    );
    for (const p of list.rows) {
      const dapodikId = uuid(p.peserta_didik_id) ?? '';
      const pd = ids.get(dapodikId);
      if (!pd) continue;
      const reg = (p.registrasi && typeof p.registrasi === 'object' ? p.registrasi : {}) as Api;
      const values = {
        jenisKeluarId: int(reg.jenis_keluar_id, 'smallint'),
        tanggalKeluar: date(reg.tanggal_keluar),
        keterangan: text(reg.keterangan),
      };
      const old = existing.get(pd);
      if (!old) {
        await tx
          .insert(pdKeluar)
          .values({ sekolahId: k.sekolahId, semesterId: k.semesterId, pesertaDidikId: pd, ...values });
        // New in the keluar list (a new pupil, or one who has just left).
        outcomes.set(dapodikId, 'inserted');
      } else if (
        old.jenisKeluarId !== values.jenisKeluarId ||
        old.tanggalKeluar !== values.tanggalKeluar ||
        (old.keterangan ?? null) !== values.keterangan
      ) {
        await tx
          .update(pdKeluar)
          .set({ ...values, updatedAt: k.now })
          .where(eq(pdKeluar.pdKeluarId, old.pdKeluarId));
        if (outcomes.get(dapodikId) === 'unchanged') outcomes.set(dapodikId, 'updated');
      }
    }
    for (const outcome of outcomes.values()) k.report[outcome]++;
    if (!local.length) return;
    // Their memberships of the semester end (the pupil and the grades stay).
    const ended = await tx
      .update(anggotaRombel)
      .set({ deletedAt: k.now, updatedAt: k.now })
      .where(
        and(
          eq(anggotaRombel.semesterId, k.semesterId),
          inArray(anggotaRombel.pesertaDidikId, local),
          isNull(anggotaRombel.deletedAt),
        ),
      )
      .returning({ id: anggotaRombel.anggotaRombelId });
    k.report.removed += ended.length;
  });
}

// --- memberships of electives and extracurriculars ---

async function syncAnggota(k: KindContext, jenis: 16 | 51): Promise<void> {
  const list = await k.client.list<Api>('anggota-rombel', { jenis: String(jenis) });
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  await k.db.transaction(async (tx) => {
    const rombel = await liveRombel(k, tx, [jenis]);
    const pupils = await idsOf(tx, pesertaDidik, 'pesertaDidikId', 'pesertaDidikIdDapodik', k.sekolahId);
    const rows: Row[] = [];
    for (const a of list.rows) {
      const aid = uuid(a.anggota_rombel_id);
      const rid = uuid(a.rombongan_belajar_id);
      const pid = uuid(a.peserta_didik_id);
      if (!aid) {
        k.report.skipped++;
        continue;
      }
      const r = rid ? rombel.get(rid) : undefined;
      const p = pid ? pupils.get(pid) : undefined;
      if (!r) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Rombel', rid ?? '?'));
        continue;
      }
      if (!p) {
        skip(k.report, SYNC_MESSAGES.parentMissing('Peserta didik', pid ?? '?'));
        continue;
      }
      rows.push({
        anggotaRombelIdDapodik: aid,
        semesterId: k.semesterId,
        rombonganBelajarId: r,
        pesertaDidikId: p,
        jenisPendaftaranId: int(a.jenis_pendaftaran_id, 'smallint'),
      });
    }
    const { removedIds } = await applyRows(tx, ANGGOTA_SPEC, rows, k.report, {
      ...opts(k),
      scope: anggotaScope(k.semesterId, [jenis]),
      scopeLabel: jenis === 16 ? 'Anggota rombel matpel pilihan' : 'Anggota ekstrakurikuler',
    });
    await warnGradesOnRemoved(k, tx, removedIds);
  });
}

// --- pembelajaran ---

async function syncPembelajaran(k: KindContext): Promise<void> {
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

// --- ekstrakurikuler (the jenis-51 rombel and the ekskul) ---

async function syncEkskul(k: KindContext): Promise<void> {
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

// --- DUDI, MoU, PKL activities (never deleted, as in e-Rapor) ---

/**
 * Reconciliation of a PKS's members or supervisors: a row from Dapodik under a PKS that came in
 * this answer but no longer lists it is deleted (these tables keep no deletedAt). Rows the school
 * added itself (no Dapodik id) stay. A pupil's PKL plan, scores and grade do not hang on the
 * membership (pd_pkl keeps the participant until the plan's "Perbaharui"; decision 034).
 */
function pksMembersScope(
  tx: Db,
  table: typeof anggotaAktPd | typeof bimbingPd,
  pk: PgColumn,
  aktPdCol: PgColumn,
  sentPks: string[],
): Pick<ApplyOptions, 'scope' | 'remove'> {
  return {
    scope: sentPks.length ? inArray(aktPdCol, sentPks) : sql`false`,
    remove: async (ids) => {
      for (let i = 0; i < ids.length; i += 5_000)
        await tx.delete(table).where(inArray(pk, ids.slice(i, i + 5_000)));
    },
  };
}

async function syncDudi(k: KindContext): Promise<void> {
  const list = await k.client.list<Api>('dudi');
  k.report.fetched = list.rows.length;
  k.report.total = list.total;
  k.applying();
  const arr = (v: unknown) => (Array.isArray(v) ? (v as Api[]) : []);
  await k.db.transaction(async (tx) => {
    const o = { ...opts(k), tick: undefined };
    const dudiRows = list.rows
      .map((d) => ({
        dudiIdDapodik: uuid(d.dudi_id),
        nama: text(d.nama),
        bidangUsahaId: text(d.bidang_usaha_id, 16),
        namaBidangUsaha: text(d.nama_bidang_usaha),
        alamatJalan: text(d.alamat_jalan),
        rt: text(d.rt, 4),
        rw: text(d.rw, 4),
        namaDusun: text(d.nama_dusun),
        desaKelurahan: text(d.desa_kelurahan),
        kodeWilayah: kodeWilayah(d.kode_wilayah),
        kodePos: text(d.kode_pos, 8),
        lintang: text(d.lintang),
        bujur: text(d.bujur),
        nomorTelepon: text(d.nomor_telepon, 32),
        nomorFax: text(d.nomor_fax, 32),
        email: text(d.email),
        website: text(d.website),
        npwp: text(d.npwp, 32),
      }))
      .filter((d) => d.dudiIdDapodik && d.nama);
    // Rows without an id (or a name, or what they hang on) are not stored.
    k.report.skipped += list.rows.length - dudiRows.length;
    const usable = <T>(rows: T[], ok: (r: T) => unknown): T[] => {
      const kept = rows.filter(ok);
      k.report.skipped += rows.length - kept.length;
      return kept;
    };
    const owned = (r: Row | undefined, ...skip: string[]) =>
      Object.keys(r ?? {}).filter((key) => !key.endsWith('IdDapodik') && !skip.includes(key));
    const dudiIds = (
      await applyRows(
        tx,
        { table: dudi, pk: 'dudiId', dapodik: 'dudiIdDapodik', owned: owned(dudiRows[0]), softDelete: false },
        dudiRows,
        k.report,
        opts(k),
      )
    ).ids;

    const mouRows = list.rows.flatMap((d) =>
      arr(d.mou).map((m) => ({
        mouIdDapodik: uuid(m.mou_id),
        dudiId: dudiIds.get(uuid(m.dudi_id ?? d.dudi_id) ?? '') ?? null,
        idJnsKs: int(m.id_jns_ks, 'smallint'),
        nomorMou: text(m.nomor_mou),
        judulMou: text(m.judul_mou),
        tanggalMulai: date(m.tanggal_mulai),
        tanggalSelesai: date(m.tanggal_selesai),
        namaDudi: text(m.nama_dudi),
        npwpDudi: text(m.npwp_dudi, 32),
        namaBidangUsaha: text(m.nama_bidang_usaha),
        telpKantor: text(m.telp_kantor, 32),
        fax: text(m.fax, 32),
        contactPerson: text(m.contact_person),
        telpCp: text(m.telp_cp, 32),
        jabatanCp: text(m.jabatan_cp),
      })),
    );
    const mouIds = (
      await applyRows(
        tx,
        { table: mou, pk: 'mouId', dapodik: 'mouIdDapodik', owned: owned(mouRows[0]), softDelete: false },
        usable(mouRows, (m) => m.mouIdDapodik && m.dudiId),
        k.report,
        o,
      )
    ).ids;

    const aktRows = list.rows.flatMap((d) =>
      arr(d.akt_pd).map((a) => ({
        aktPdIdDapodik: uuid(a.id_akt_pd),
        mouId: mouIds.get(uuid(a.mou_id) ?? '') ?? null,
        idJnsAktPd: int(a.id_jns_akt_pd, 'smallint'),
        judulAktPd: text(a.judul_akt_pd) ?? '-',
        skTugas: text(a.sk_tugas) ?? '-',
        tglSkTugas: date(a.tgl_sk_tugas),
        ketAkt: text(a.ket_akt),
        aKomunal: int(a.a_komunal, 'smallint'),
      })),
    );
    const aktIds = (
      await applyRows(
        tx,
        {
          table: aktPd,
          pk: 'aktPdId',
          dapodik: 'aktPdIdDapodik',
          owned: owned(aktRows[0]),
          softDelete: false,
        },
        usable(aktRows, (a) => a.aktPdIdDapodik && a.mouId),
        k.report,
        o,
      )
    ).ids;

    // The PKS this answer carries: their members and supervisors are reconciled, others untouched.
    const sentPks = [...new Set(aktIds.values())];
    const pupils = await idsOf(tx, pesertaDidik, 'pesertaDidikId', 'pesertaDidikIdDapodik', k.sekolahId);
    const gurus = await idsOf(tx, guru, 'guruId', 'guruIdDapodik', k.sekolahId);
    const anggotaRows: Row[] = [];
    const bimbingRows: Row[] = [];
    for (const d of list.rows) {
      for (const m of arr(d.anggota_akt_pd)) {
        const pid = uuid(m.peserta_didik_id);
        const pd = pid ? pupils.get(pid) : undefined;
        const akt = aktIds.get(uuid(m.id_akt_pd) ?? '');
        const id = uuid(m.id_ang_akt_pd);
        if (!id || !akt) {
          k.report.skipped++;
          continue;
        }
        if (!pd) {
          skip(k.report, SYNC_MESSAGES.parentMissing('Peserta didik PKL', pid ?? '?'));
          continue;
        }
        anggotaRows.push({
          anggotaAktPdIdDapodik: id,
          aktPdId: akt,
          pesertaDidikId: pd,
          nmPd: text(m.nm_pd),
          nipd: text(m.nipd, 32),
          jnsPeranPd: int(m.jns_peran_pd, 'smallint'),
        });
      }
      for (const b of arr(d.bimbing_pd)) {
        const ptk = uuid(b.ptk_id);
        const g = ptk ? gurus.get(ptk) : undefined;
        const akt = aktIds.get(uuid(b.id_akt_pd) ?? '');
        const id = uuid(b.id_bimb_pd);
        if (!id || !akt) {
          k.report.skipped++;
          continue;
        }
        if (!g) {
          skip(k.report, SYNC_MESSAGES.parentMissing('Pembimbing PKL (PTK)', ptk ?? '?'));
          continue;
        }
        bimbingRows.push({
          bimbingPdIdDapodik: id,
          aktPdId: akt,
          guruId: g,
          urutanPembimbing: int(b.urutan_pembimbing, 'smallint') ?? 1,
        });
      }
    }
    await applyRows(
      tx,
      {
        table: anggotaAktPd,
        pk: 'anggotaAktPdId',
        dapodik: 'anggotaAktPdIdDapodik',
        owned: ['aktPdId', 'pesertaDidikId', 'nmPd', 'nipd', 'jnsPeranPd'],
        softDelete: false,
      },
      anggotaRows,
      k.report,
      {
        ...o,
        ...pksMembersScope(tx, anggotaAktPd, anggotaAktPd.anggotaAktPdId, anggotaAktPd.aktPdId, sentPks),
        scopeLabel: 'Anggota PKL',
      },
    );
    await applyRows(
      tx,
      {
        table: bimbingPd,
        pk: 'bimbingPdId',
        dapodik: 'bimbingPdIdDapodik',
        owned: ['aktPdId', 'guruId', 'urutanPembimbing'],
        softDelete: false,
      },
      bimbingRows,
      k.report,
      {
        ...o,
        ...pksMembersScope(tx, bimbingPd, bimbingPd.bimbingPdId, bimbingPd.aktPdId, sentPks),
        scopeLabel: 'Pembimbing PKL',
      },
    );
  });
}

export const KIND_HANDLERS: Record<SyncKind, (k: KindContext) => Promise<void>> = {
  sekolah: syncSekolah,
  ptk: syncPtk,
  rombongan_belajar: syncRombel,
  peserta_didik_aktif: syncPdAktif,
  peserta_didik_keluar: syncPdKeluar,
  anggota_rombel_pilihan: (k) => syncAnggota(k, 16),
  pembelajaran: syncPembelajaran,
  ekstrakurikuler: syncEkskul,
  anggota_ekskul: (k) => syncAnggota(k, 51),
  dudi: syncDudi,
};
