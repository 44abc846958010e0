import { randomBytes } from 'node:crypto';
import { EXCEL_COLUMNS, GTK_MESSAGES, type GtkInput, GURU_JENIS_PTK } from '@erapor/contract/referensi/gtk';
import { NIK_MESSAGES } from '@erapor/contract/referensi/nik';
import { semesterOfDate } from '@erapor/contract/semester';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, describeEngines, json, loginAs } from '../../../test/engines';
import { multipartFile } from '../../../test/multipart';

const active = semesterOfDate(new Date()).semester_id;

/** A valid instruktur: NIK = Kec. Setu (321618) + 17-08-85 (a man) + serial. */
function person(n: number, extra: Partial<GtkInput> = {}): GtkInput {
  return {
    nama: `Instruktur Uji ${n}`,
    nuptk: '',
    nip: '',
    nik: `32161817088500${String(n).padStart(2, '0')}`,
    jenis_kelamin: 'L',
    tempat_lahir: 'Bekasi',
    tanggal_lahir: '1985-08-17',
    agama_id: 1,
    alamat: 'Jl. Industri 1',
    rt: '1',
    rw: '2',
    desa_kelurahan: 'Mekarsari',
    kecamatan: 'Setu',
    kode_pos: '17510',
    no_hp: '08123456789',
    email: `instruktur${n}@contoh.id`,
    dudi_id: null,
    ...extra,
  };
}

type Cell = string | number | Date | null;

async function workbook(
  rows: Cell[][],
  opts: { sheet?: string; headers?: string[]; extraHeader?: string } = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opts.sheet ?? 'Sheet1');
  const headers: string[] = opts.headers ?? EXCEL_COLUMNS.map((c) => c.header);
  if (opts.extraHeader) headers.push(opts.extraHeader);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A workbook row (No., Nama, NUPTK, NIP, NIK, JK, Tempat, Tanggal, Agama, Alamat, RT, RW, Desa, Kec, Kodepos, HP, Email). */
function xlRow(n: number, over: Partial<Record<string, Cell>> = {}): Cell[] {
  const p = person(n);
  const v: Record<string, Cell> = {
    no: n,
    nama: p.nama,
    nuptk: null,
    nip: null,
    nik: p.nik,
    jk: 'L',
    tempat: 'Bekasi',
    tanggal: '17/08/1985',
    agama: 'Islam',
    alamat: 'Jl. Industri 1',
    rt: 1,
    rw: 2,
    desa: 'Mekarsari',
    kec: 'Setu',
    pos: '17510',
    hp: '08123456789',
    email: p.email,
    ...over,
  };
  return [
    v.no,
    v.nama,
    v.nuptk,
    v.nip,
    v.nik,
    v.jk,
    v.tempat,
    v.tanggal,
    v.agama,
    v.alamat,
    v.rt,
    v.rw,
    v.desa,
    v.kec,
    v.pos,
    v.hp,
    v.email,
  ] as Cell[];
}

describeEngines('referensi GTK', {}, (t) => {
  const tokens: Record<string, string> = {};
  let dudiId = '';
  beforeAll(async () => {
    for (const who of ['admin', 'guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
      tokens[who] = (await loginAs(t().app, `${who}@demo.sch.id`, active)).accessToken;
    }
    const [d] = await t().db.query<{ dudi_id: string }>('select dudi_id from dudi order by nama limit 1');
    dudiId = d?.dudi_id ?? '';
  });
  const as = (who: string) => bearer(tokens[who] ?? '');
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = 'admin') =>
    t().app.inject({ method, url, payload, headers: as(who) });
  const count = async (jenis: number) =>
    Number(
      (
        await t().db.query<{ n: number }>(
          'select count(*)::int as n from guru where jenis_ptk_id = $1 and deleted_at is null',
          [jenis],
        )
      )[0]?.n,
    );
  const upload = (jenis: string, filename: string, data: Buffer, field = 'file_excel', who = 'admin') => {
    const m = multipartFile(field, filename, data);
    return t().app.inject({
      method: 'POST',
      url: `/api/gtk/${jenis}/import/preview`,
      payload: m.payload,
      headers: { ...m.headers, ...as(who) },
    });
  };

  describe('lists', () => {
    it('lists guru and tendik of the demo school, searched, sorted and paginated in SQL', async () => {
      const guru = await inject('GET', '/api/gtk/guru?per_page=10&sort_by=nama');
      expect(guru.statusCode, guru.body).toBe(200);
      const page = json<{ data: { nama: string; nama_lengkap: string }[]; total: number }>(guru);
      expect(page.total).toBeGreaterThan(5);
      expect(page.data.length).toBe(Math.min(10, page.total));
      const names = page.data.map((r) => r.nama);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const desc = json<{ data: { nama: string }[] }>(
        await inject('GET', '/api/gtk/guru?sort_by=nama&sort_dir=desc'),
      );
      expect(desc.data[0]?.nama).toBe([...names, ...desc.data.map((r) => r.nama)].sort().at(-1));

      const tendik = json<{ total: number }>(await inject('GET', '/api/gtk/tendik'));
      expect(tendik.total).toBe(2);
      // Staff who left in this semester (ptk_keluar) are not listed.
      const [sqlCount] = await t().db.query<{ n: number }>(
        `select count(*)::int as n from guru g where g.jenis_ptk_id = any($1) and g.deleted_at is null
           and not exists (select 1 from ptk_keluar k where k.guru_id = g.guru_id and k.semester_id = $2)`,
        [GURU_JENIS_PTK, active],
      );
      expect(page.total).toBe(sqlCount?.n);
      const [left] = await t().db.query<{ nama: string }>(
        'select g.nama from ptk_keluar k join guru g on g.guru_id = k.guru_id where k.semester_id = $1 limit 1',
        [active],
      );
      if (left) {
        expect(
          json<{ total: number }>(await inject('GET', `/api/gtk/guru?q=${encodeURIComponent(left.nama)}`))
            .total,
        ).toBe(0);
      }

      // Search by name, NIK, NUPTK.
      const [someone] = await t().db.query<{ nama: string; nik: string; nuptk: string | null }>(
        'select nama, nik, nuptk from guru where jenis_ptk_id not in (11,30,41) and nuptk is not null and deleted_at is null order by nama limit 1',
      );
      if (!someone) throw new Error('demo has no guru with NUPTK');
      const byNama = json<{ data: { nama: string }[] }>(
        await inject('GET', `/api/gtk/guru?q=${encodeURIComponent(someone.nama.slice(0, 6))}`),
      );
      expect(byNama.data.some((r) => r.nama === someone.nama)).toBe(true);
      const byNik = json<{ data: { nama: string }[]; total: number }>(
        await inject('GET', `/api/gtk/guru?q=${someone.nik}`),
      );
      expect(byNik.data.map((r) => r.nama)).toEqual([someone.nama]);
      const byNuptk = json<{ data: { nama: string }[] }>(
        await inject('GET', `/api/gtk/guru?q=${someone.nuptk}`),
      );
      expect(byNuptk.data.map((r) => r.nama)).toContain(someone.nama);
      // %, _ are literal.
      expect(json<{ total: number }>(await inject('GET', '/api/gtk/guru?q=%25%25')).total).toBe(0);
    });

    it('refuses unknown kinds and sort columns with 400', async () => {
      const bad = await inject('GET', '/api/gtk/kepsek');
      expect(bad.statusCode).toBe(400);
      const sort = await inject('GET', '/api/gtk/guru?sort_by=password');
      expect(sort.statusCode).toBe(400);
      expect(json(sort)).toMatchObject({ details: { sort_by: 'Kolom password tidak dapat diurutkan' } });
    });
  });

  describe('titles and detail', () => {
    it('shows a PTK with its titles and saves new titles', async () => {
      const wali = await t().db.query<{ guru_id: string }>(
        "select guru_id from users where email = 'wali@demo.sch.id'",
      );
      const guruId = wali[0]?.guru_id;
      const options = json<{
        gelar_depan: { value: number; label: string }[];
        gelar_belakang: { value: number }[];
      }>(await inject('GET', '/api/gtk/options'));
      expect(options.gelar_depan.length).toBeGreaterThan(0);
      expect(options.gelar_belakang.length).toBeGreaterThan(0);
      const [dr] = await t().db.query<{ id: number }>(
        "select gelar_akademik_id as id from ref_gelar_akademik where kode = 'Dr' and posisi_gelar = 1 limit 1",
      );
      const [spd] = await t().db.query<{ id: number }>(
        "select gelar_akademik_id as id from ref_gelar_akademik where kode = 'S.Pd' and posisi_gelar = 2 limit 1",
      );
      const [mpd] = await t().db.query<{ id: number }>(
        "select gelar_akademik_id as id from ref_gelar_akademik where kode = 'M.Pd' and posisi_gelar = 2 limit 1",
      );
      const saved = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, {
        gelar_depan: [dr?.id],
        gelar_belakang: [spd?.id, mpd?.id],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved)).toEqual({ message: 'Data PTK berhasil diperbaharui' });
      // Saving the same titles again reuses the rows: nothing piles up, Dapodik's rows keep their ids.
      const countRows = async () =>
        (
          await t().db.query<{ n: number }>('select count(*)::int as n from gelar_ptk where guru_id = $1', [
            guruId,
          ])
        )[0]?.n;
      const rowsAfterFirst = await countRows();
      await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, {
        gelar_depan: [dr?.id],
        gelar_belakang: [spd?.id, mpd?.id],
      });
      expect(await countRows()).toBe(rowsAfterFirst);
      const live = await t().db.query<{ gelar_akademik_id: number; no_urut: number }>(
        'select gelar_akademik_id, no_urut from gelar_ptk where guru_id = $1 and deleted_at is null order by no_urut',
        [guruId],
      );
      expect(live).toEqual([
        { gelar_akademik_id: dr?.id, no_urut: 1 },
        { gelar_akademik_id: spd?.id, no_urut: 2 },
        { gelar_akademik_id: mpd?.id, no_urut: 3 },
      ]);
      const detail = json<{
        nama: string;
        nama_lengkap: string;
        gelar_depan: number[];
        gelar_belakang: number[];
        editable: boolean;
      }>(await inject('GET', `/api/gtk/ptk/${guruId}`));
      expect(detail.gelar_depan).toEqual([dr?.id]);
      expect(detail.gelar_belakang).toEqual([spd?.id, mpd?.id]);
      expect(detail.nama_lengkap).toBe(`Dr ${detail.nama}, S.Pd, M.Pd`);
      expect(detail.editable).toBe(false);
      // A back title offered as a front one is refused; nothing changes.
      const wrong = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, {
        gelar_depan: [spd?.id],
        gelar_belakang: [],
      });
      expect(wrong.statusCode).toBe(422);
      expect(json(wrong)).toMatchObject({ details: { gelar_depan: 'Gelar Depan tidak ditemukan!' } });
      const after = json<{ gelar_depan: number[] }>(await inject('GET', `/api/gtk/ptk/${guruId}`));
      expect(after.gelar_depan).toEqual([dr?.id]);
      // Dapodik staff cannot be deleted or edited here.
      expect((await inject('DELETE', `/api/gtk/ptk/${guruId}`)).statusCode).toBe(403);
      expect((await inject('GET', '/api/gtk/ptk/00000000-0000-4000-8000-999999999999')).statusCode).toBe(404);
    });
  });

  describe('NIY', () => {
    const niyOf = async (guruId: string) =>
      (await t().db.query<{ niy: string | null }>('select niy from guru where guru_id = $1', [guruId]))[0]
        ?.niy;
    it('saves the NIY of a Dapodik teacher beside the titles; refuses bad input with the field message', async () => {
      const [w] = await t().db.query<{ guru_id: string }>(
        "select guru_id from users where email = 'wali@demo.sch.id'",
      );
      const guruId = w?.guru_id ?? '';
      const before = json<{ gelar_depan: number[]; gelar_belakang: number[] }>(
        await inject('GET', `/api/gtk/ptk/${guruId}`),
      );
      const titles = { gelar_depan: before.gelar_depan, gelar_belakang: before.gelar_belakang };
      const saved = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, { ...titles, niy: ' 2019.07-001 ' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await niyOf(guruId)).toBe('2019.07-001');
      expect(json<{ niy: string | null }>(await inject('GET', `/api/gtk/ptk/${guruId}`)).niy).toBe(
        '2019.07-001',
      );
      // Titles saved without the field keep the NIY.
      expect((await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, titles)).statusCode).toBe(200);
      expect(await niyOf(guruId)).toBe('2019.07-001');
      for (const [niy, message] of [
        ['1'.repeat(33), 'NIY maksimal 32 karakter!'],
        ['12/345', 'NIY hanya boleh berisi angka, huruf, titik (.) dan tanda hubung (-)!'],
        ['12 345', 'NIY hanya boleh berisi angka, huruf, titik (.) dan tanda hubung (-)!'],
      ]) {
        const bad = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, { ...titles, niy });
        expect(bad.statusCode, niy).toBe(400);
        expect(json(bad)).toMatchObject({ details: { niy: message } });
        expect(await niyOf(guruId)).toBe('2019.07-001');
      }
      for (const who of ['guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
        const res = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, { ...titles, niy: '999' }, who);
        expect(res.statusCode, who).toBe(403);
      }
      expect(await niyOf(guruId)).toBe('2019.07-001');
      // Empty clears it.
      expect((await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, { ...titles, niy: '' })).statusCode).toBe(
        200,
      );
      expect(await niyOf(guruId)).toBeNull();
    });
    it("answers 404 for another school's teacher and leaves them untouched", async () => {
      const school = '00000000-0000-4000-8000-00000000a911';
      const other = '00000000-0000-4000-8000-00000000a912';
      await t().db.query("insert into sekolah (sekolah_id, npsn, nama) values ($1, '69999931', 'SMK Lain')", [
        school,
      ]);
      await t().db.query(
        "insert into guru (guru_id, sekolah_id, nama, jenis_ptk_id, niy) values ($1, $2, 'Guru Lain', 3, '77')",
        [other, school],
      );
      const res = await inject('PUT', `/api/gtk/ptk/${other}/gelar`, { niy: '88' });
      expect(res.statusCode).toBe(404);
      expect(await niyOf(other)).toBe('77');
    });
  });

  describe('instruktur and asesor', () => {
    it('adds, edits and deletes an instruktur; refuses invalid input field by field', async () => {
      const before = await count(97);
      const bad = await inject(
        'POST',
        '/api/gtk/instruktur',
        person(1, { nik: '3275991708850001', email: 'bukan-email' }),
      );
      expect(bad.statusCode).toBe(422);
      expect(json(bad)).toMatchObject({
        details: { nik: NIK_MESSAGES.region('327599'), email: GTK_MESSAGES.emailInvalid },
      });
      const empty = await inject('POST', '/api/gtk/instruktur', { nama: ' ' });
      expect(empty.statusCode).toBe(422);
      expect(json(empty)).toMatchObject({
        details: {
          nama: 'Nama tidak boleh kosong!',
          nik: 'NIK tidak boleh kosong!',
          email: 'Email tidak boleh kosong!',
          agama_id: 'Agama tidak boleh kosong!',
          tanggal_lahir: 'Tanggal Lahir tidak boleh kosong!',
        },
      });
      expect(await count(97)).toBe(before);

      const ok = await inject('POST', '/api/gtk/instruktur', person(1));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json(ok)).toMatchObject({ message: 'Data Instruktur berhasil disimpan' });
      const guruId = json<{ guru_id: string }>(ok).guru_id;
      expect(await count(97)).toBe(before + 1);
      const list = json<{ data: { guru_id: string; nama: string }[] }>(
        await inject('GET', '/api/gtk/instruktur?q=Instruktur%20Uji%201'),
      );
      expect(list.data.map((r) => r.guru_id)).toEqual([guruId]);

      // Same e-mail (any case) or NIK again: refused.
      const dup = await inject('POST', '/api/gtk/instruktur', person(2, { email: 'INSTRUKTUR1@contoh.id' }));
      expect(dup.statusCode).toBe(422);
      expect(json(dup)).toMatchObject({ details: { email: 'Email sudah terdaftar!' } });
      // The e-mail of a log-in account (here the administrator's) is taken too.
      const account = await inject('POST', '/api/gtk/instruktur', person(2, { email: 'admin@demo.sch.id' }));
      expect(json(account)).toMatchObject({ details: { email: 'Email sudah terdaftar!' } });
      const dupNik = await inject('POST', '/api/gtk/instruktur', person(2, { nik: person(1).nik }));
      expect(json(dupNik)).toMatchObject({ details: { nik: 'NIK sudah terdaftar!' } });

      const edited = await inject('PUT', `/api/gtk/ptk/${guruId}`, person(1, { nama: 'Instruktur Diubah' }));
      expect(edited.statusCode, edited.body).toBe(200);
      const detail = json<{ nama: string; editable: boolean; jenis: string }>(
        await inject('GET', `/api/gtk/ptk/${guruId}`),
      );
      expect(detail).toMatchObject({ nama: 'Instruktur Diubah', editable: true, jenis: 'instruktur' });

      const del = await inject('DELETE', `/api/gtk/ptk/${guruId}`);
      expect(json(del)).toEqual({ message: 'Data Instruktur berhasil dihapus' });
      expect(await count(97)).toBe(before);
      // Its NIK and e-mail are free again.
      expect((await inject('POST', '/api/gtk/instruktur', person(1))).statusCode).toBe(200);
    });

    it('links an asesor to a DUDI of the school', async () => {
      const missing = await inject('POST', '/api/gtk/asesor', person(10, { email: 'asesor10@contoh.id' }));
      expect(json(missing)).toMatchObject({ details: { dudi_id: 'DUDI tidak boleh kosong!' } });
      const unknown = await inject(
        'POST',
        '/api/gtk/asesor',
        person(10, { email: 'asesor10@contoh.id', dudi_id: '00000000-0000-4000-8000-999999999999' }),
      );
      expect(json(unknown)).toMatchObject({ details: { dudi_id: 'DUDI tidak ditemukan!' } });
      const ok = await inject(
        'POST',
        '/api/gtk/asesor',
        person(10, { email: 'asesor10@contoh.id', dudi_id: dudiId }),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(json(ok)).toMatchObject({ message: 'Data Asesor berhasil disimpan' });
      const [d] = await t().db.query<{ nama: string }>('select nama from dudi where dudi_id = $1', [dudiId]);
      const list = json<{ data: { email: string; dudi: string }[] }>(
        await inject('GET', '/api/gtk/asesor?q=Uji%2010'),
      );
      expect(list.data).toEqual([expect.objectContaining({ email: 'asesor10@contoh.id', dudi: d?.nama })]);
      const guruId = json<{ guru_id: string }>(ok).guru_id;
      // The DUDI's detail names its assessors.
      const dudiDetail = json<{ asesor: { guru_id: string; email: string }[] }>(
        await inject('GET', `/api/dudi/${dudiId}`),
      );
      expect(dudiDetail.asesor).toContainEqual(
        expect.objectContaining({ guru_id: guruId, email: 'asesor10@contoh.id' }),
      );
      // The detail modal moves the asesor to another DUDI.
      const [other] = await t().db.query<{ dudi_id: string }>(
        'select dudi_id from dudi where dudi_id <> $1 limit 1',
        [dudiId],
      );
      const moved = await inject('PUT', `/api/gtk/ptk/${guruId}/gelar`, {
        gelar_depan: [],
        gelar_belakang: [],
        dudi_id: other?.dudi_id,
      });
      expect(moved.statusCode).toBe(200);
      expect(json<{ dudi_id: string }>(await inject('GET', `/api/gtk/ptk/${guruId}`)).dudi_id).toBe(
        other?.dudi_id,
      );
    });
  });

  describe('Excel import', () => {
    it('serves the templates: the national header row; asesor adds DUDI', async () => {
      for (const jenis of ['instruktur', 'asesor']) {
        const res = await inject('GET', `/api/gtk/${jenis}/template`);
        expect(res.statusCode).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        const header = ((ws?.getRow(1).values ?? []) as unknown[]).slice(1);
        expect(header.slice(0, 17)).toEqual(EXCEL_COLUMNS.map((c) => c.header));
        expect(header[17]).toBe(jenis === 'asesor' ? 'DUDI' : undefined);
      }
    });

    it('previews a workbook with per-cell errors, then saves all rows in one transaction', async () => {
      const file = await workbook([
        xlRow(21),
        xlRow(22, {
          nik: '3216181708850',
          email: 'bukan email',
          agama: 'Protestan',
          tanggal: new Date(Date.UTC(1985, 7, 17)),
        }),
        xlRow(23, { email: 'instruktur21@contoh.id' }), // same e-mail as row 2 of the file
        xlRow(24, { nik: '3275991708850024' }), // no such kecamatan
        xlRow(25, { email: 'wali@demo.sch.id', nik: Number('3216181708850025') }), // e-mail of a demo PTK; NIK as a number
        [
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
        [26], // only a number in "No.": an empty template row
      ]);
      const res = await upload('instruktur', 'instruktur.xlsx', file);
      expect(res.statusCode, res.body).toBe(200);
      const preview = json<{ rows: { row: number; values: GtkInput; errors: Record<string, string> }[] }>(
        res,
      );
      expect(preview.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
      expect(preview.rows[0]?.errors).toEqual({});
      expect(preview.rows[0]?.values).toMatchObject({ tanggal_lahir: '1985-08-17', agama_id: 1, rt: '1' });
      expect(preview.rows[1]?.errors).toEqual({
        nik: 'NIK harus 16 digit!',
        email: 'Email tidak valid!',
        agama_id: 'Agama tidak ditemukan! (Protestan)',
      });
      expect(preview.rows[1]?.values.tanggal_lahir).toBe('1985-08-17');
      expect(preview.rows[2]?.errors).toEqual({ email: 'Email sama dengan baris 1!' });
      expect(preview.rows[3]?.errors).toEqual({ nik: NIK_MESSAGES.region('327599') });
      expect(preview.rows[4]?.values.nik).toBe('3216181708850025');

      expect(preview.rows[4]?.errors).toEqual({ email: 'Email sudah terdaftar!' });

      // Saving them as they are: refused whole, errors keyed by row and field, the DB unchanged.
      const before = await count(97);
      const refused = await inject('POST', '/api/gtk/instruktur/import', {
        rows: preview.rows.map((r) => r.values),
      });
      expect(refused.statusCode).toBe(422);
      const body = json<{ message: string; details: Record<string, string> }>(refused);
      expect(body.message).toBe(GTK_MESSAGES.invalidRows(4));
      expect(body.details).toMatchObject({
        'rows.1.nik': 'NIK harus 16 digit!',
        'rows.1.agama_id': 'Agama tidak boleh kosong!',
        'rows.2.email': 'Email sama dengan baris 1!',
        'rows.3.nik': NIK_MESSAGES.region('327599'),
      });
      expect(body.details['rows.0.nama']).toBeUndefined();
      expect(await count(97)).toBe(before);

      // Fixed in the grid (row 2 corrected, the others dropped): all saved at once.
      const fixed = [
        preview.rows[0]?.values,
        { ...preview.rows[1]?.values, nik: '3216181708850022', email: 'instruktur22@contoh.id', agama_id: 2 },
      ];
      const saved = await inject('POST', '/api/gtk/instruktur/import', { rows: fixed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json(saved)).toEqual({ message: 'Data Instruktur berhasil disimpan', saved: 2 });
      expect(await count(97)).toBe(before + 2);
      // The same file again: every row now clashes with the database.
      const again = await inject('POST', '/api/gtk/instruktur/import', { rows: fixed });
      expect(json(again)).toMatchObject({
        details: { 'rows.0.nik': 'NIK sudah terdaftar!', 'rows.1.email': 'Email sudah terdaftar!' },
      });
      expect(await count(97)).toBe(before + 2);
    });

    it('imports asesor with their DUDI by name', async () => {
      const [d] = await t().db.query<{ nama: string; dudi_id: string }>(
        'select nama, dudi_id from dudi order by nama limit 1',
      );
      const file = await workbook(
        [
          [...xlRow(31, { email: 'asesor31@contoh.id' }), d?.nama ?? ''],
          [...xlRow(32, { email: 'asesor32@contoh.id' }), 'PT Tidak Ada'],
        ],
        { sheet: 'Asesor', extraHeader: 'DUDI' },
      );
      const res = await upload('asesor', 'asesor.xlsx', file);
      expect(res.statusCode, res.body).toBe(200);
      const preview = json<{ rows: { values: GtkInput; errors: Record<string, string> }[] }>(res);
      expect(preview.rows[0]?.values.dudi_id).toBe(d?.dudi_id);
      expect(preview.rows[0]?.errors).toEqual({});
      expect(preview.rows[1]?.errors).toEqual({ dudi_id: 'DUDI tidak ditemukan! (PT Tidak Ada)' });
      // The national format (no DUDI column): the DUDI is chosen in the grid.
      const national = await upload(
        'asesor',
        'format_excel_asesor.xlsx',
        await workbook([xlRow(33, { email: 'asesor33@contoh.id' })]),
      );
      const row = json<{ rows: { values: GtkInput; errors: Record<string, string> }[] }>(national).rows[0];
      expect(row?.errors).toEqual({ dudi_id: 'DUDI tidak boleh kosong!' });
      const before = await count(98);
      const saved = await inject('POST', '/api/gtk/asesor/import', {
        rows: [preview.rows[0]?.values, { ...row?.values, dudi_id: d?.dudi_id }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await count(98)).toBe(before + 2);
    });

    it('refuses other files with a clear message and saves nothing', async () => {
      const before = await count(97);
      const msg = async (res: Awaited<ReturnType<typeof upload>>) => {
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        return json<{ message: string; details: Record<string, string> }>(res).details.file_excel;
      };
      // Another type.
      expect(await msg(await upload('instruktur', 'data.csv', Buffer.from('nama,nik\nBudi,1')))).toBe(
        'File harus berupa file dengan tipe: xlsx.',
      );
      expect(await msg(await upload('instruktur', 'data.xlsx', Buffer.from('not really a workbook')))).toBe(
        'File harus berupa file dengan tipe: xlsx.',
      );
      const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(100)]);
      expect(await msg(await upload('instruktur', 'lama.xls', ole))).toBe(
        'File harus berupa file dengan tipe: xlsx.',
      );
      // A zip that is no workbook.
      const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), randomBytes(200)]);
      expect(await msg(await upload('instruktur', 'rusak.xlsx', zip))).toBe(GTK_MESSAGES.fileUnreadable);
      // No file / wrong field.
      expect(await msg(await upload('instruktur', 'x.xlsx', await workbook([xlRow(1)]), 'berkas'))).toBe(
        'File Excel tidak boleh kosong',
      );
      // The asesor template uploaded as instruktur, and the other way round.
      const asesorFile = await workbook([[...xlRow(41), 'PT X']], { sheet: 'Asesor', extraHeader: 'DUDI' });
      expect(await msg(await upload('instruktur', 'asesor.xlsx', asesorFile))).toBe(
        GTK_MESSAGES.wrongKind('asesor', 'instruktur'),
      );
      const instrukturFile = await workbook([xlRow(41)], { sheet: 'Instruktur' });
      expect(await msg(await upload('asesor', 'instruktur.xlsx', instrukturFile))).toContain(
        'File ini adalah format Excel Instruktur, bukan Asesor',
      );
      // Any other workbook: the first cell that differs is named.
      const other = await workbook([['1', 'Budi', '123']], { headers: ['No', 'Nama Siswa', 'NISN'] });
      expect(await msg(await upload('instruktur', 'siswa.xlsx', other))).toBe(
        'Format Excel tidak sesuai: sel B1 harus berisi "Nama", tetapi berisi "Nama Siswa". Silahkan unduh template dan salin data ke dalamnya.',
      );
      // Over 2 MB: 413 with its own message.
      const big = await upload(
        'instruktur',
        'besar.xlsx',
        Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(3 * 1024 * 1024)]),
      );
      expect(big.statusCode).toBe(413);
      expect(json<{ details: Record<string, string> }>(big).details.file_excel).toBe(
        'Ukuran file Excel maksimal 2 MB.',
      );
      // Only headers.
      expect(await msg(await upload('instruktur', 'kosong.xlsx', await workbook([])))).toBe(
        GTK_MESSAGES.fileEmpty,
      );
      expect(await count(97)).toBe(before);
    });
  });

  describe('authorization', () => {
    const guruId = '00000000-0000-4000-8000-000000000001';
    const endpoints: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['options', 'GET', '/api/gtk/options'],
      ['list', 'GET', '/api/gtk/guru'],
      ['add', 'POST', '/api/gtk/instruktur', person(90)],
      ['detail', 'GET', `/api/gtk/ptk/${guruId}`],
      ['edit', 'PUT', `/api/gtk/ptk/${guruId}`, person(90)],
      ['titles', 'PUT', `/api/gtk/ptk/${guruId}/gelar`, { gelar_depan: [], gelar_belakang: [] }],
      ['delete', 'DELETE', `/api/gtk/ptk/${guruId}`],
      ['template', 'GET', '/api/gtk/asesor/template'],
      ['import', 'POST', '/api/gtk/instruktur/import', { rows: [person(90)] }],
    ];
    it('refuses every GTK endpoint to every role but the administrator (403), and anonymous callers (401)', async () => {
      for (const [name, method, url, payload] of endpoints) {
        for (const who of ['guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
          const res = await inject(method, url, payload, who);
          expect(res.statusCode, `${who} ${name}`).toBe(403);
        }
        expect((await t().app.inject({ method, url, payload })).statusCode, `anonymous ${name}`).toBe(401);
      }
      const file = await workbook([xlRow(90)]);
      for (const who of ['guru', 'wali', 'waka', 'kaprog', 'ekskul', 'pkl', 'siswa']) {
        expect(
          (await upload('instruktur', 'a.xlsx', file, 'file_excel', who)).statusCode,
          `${who} preview`,
        ).toBe(403);
      }
      const [n] = await t().db.query<{ n: number }>(
        "select count(*)::int as n from guru where email = 'instruktur90@contoh.id'",
      );
      expect(n?.n).toBe(0);
    });
    it('lets the administrator reach each of them', async () => {
      expect((await inject('GET', '/api/gtk/options')).statusCode).toBe(200);
      expect((await inject('GET', '/api/gtk/tendik')).statusCode).toBe(200);
      expect((await inject('GET', '/api/gtk/asesor/template')).statusCode).toBe(200);
    });
  });
});
