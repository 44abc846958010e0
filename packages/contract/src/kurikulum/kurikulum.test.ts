import { describe, expect, it } from 'vitest';
import { BOBOT_MESSAGES, bobotSaveSchema, checkBobot } from './bobot';
import {
  faseOf,
  filterOptionsQuerySchema,
  isMerdeka,
  kelasOfFlags,
  kurikulumKdOf,
  normalizeText,
  splitTpLines,
  TP_MAX_LENGTH,
  TP_MAX_ROWS,
} from './common';
import { CP_MESSAGES, cpCreateSchema } from './cp';
import { checkKodeKd, KD_MESSAGES, kdCreateSchema } from './kd';
import {
  checkTpLines,
  forceQuerySchema,
  TP_MESSAGES,
  tpCreateSchema,
  tpSumberTargetSchema,
  tpUpdateSchema,
} from './tp';

const R = '7acca27d-9c62-464e-bdf0-10610539567f';
const P = 'b90631f3-269c-4342-b8f3-288d4063dee4';
const KD = '5d730149-38fc-4cc5-b9e5-3341aaa9a25a';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('fase and curriculum rules', () => {
  it('maps class 10 to fase E and 11–13 to F, anything else to null', () => {
    expect([10, 11, 12, 13].map(faseOf)).toEqual(['E', 'F', 'F', 'F']);
    expect(faseOf(9)).toBeNull();
    expect(faseOf(14)).toBeNull();
  });

  it('reads the curriculum kind from its name', () => {
    expect(isMerdeka('SMK Merdeka Teknik Jaringan Komputer dan Telekomunikasi')).toBe(true);
    expect(isMerdeka('SMK 2013 REV. Teknik Komputer dan Jaringan')).toBe(false);
    expect(isMerdeka(null)).toBe(false);
    expect(kurikulumKdOf('SMK 2013 REV. Teknik Komputer dan Jaringan')).toBe(2017);
    expect(kurikulumKdOf('SMK 2013 Akuntansi')).toBe(2013);
  });

  it('turns kelas flags into class levels', () => {
    expect(kelasOfFlags({ kelas_10: null, kelas_11: 1, kelas_12: 1, kelas_13: 0 })).toEqual([11, 12]);
  });
});

describe('TP text', () => {
  it('normalises white space, control characters and Unicode form', () => {
    // "é" typed as e + combining acute becomes one code point; tabs, NBSP and line breaks collapse.
    expect(normalizeText('  Menjelaskan\tcara\u00a0kerja\r\nrouter  cafe\u0301 ')).toBe(
      'Menjelaskan cara kerja router café',
    );
    expect(normalizeText('\u200b\ufeff')).toBe('');
  });

  it('splits a textarea into one TP per line, dropping empty and repeated lines', () => {
    expect(splitTpLines('Satu\n\n  Dua  \r\nSatu\rTiga\n   ')).toEqual(['Satu', 'Dua', 'Tiga']);
  });

  it('names the first line that is too long, by its number among the TPs', () => {
    const long = 'x'.repeat(TP_MAX_LENGTH + 1);
    expect(checkTpLines(`A\n\nB\n${long}`)).toEqual({
      tp: ['A', 'B', long],
      error: 'Baris 3: Tujuan Pembelajaran maksimal 1.000 karakter',
    });
    expect(checkTpLines('x'.repeat(TP_MAX_LENGTH)).error).toBeNull();
    expect(checkTpLines('\n \n').error).toBe(TP_MESSAGES.deskripsiRequired);
    const many = Array.from({ length: TP_MAX_ROWS + 1 }, (_, i) => `TP ${i}`).join('\n');
    expect(checkTpLines(many).error).toBe(TP_MESSAGES.tooMany);
  });
});

describe('KD form', () => {
  it('checks the code against the aspect', () => {
    expect(checkKodeKd(1, '3.1')).toBeNull();
    expect(checkKodeKd(2, '4.12')).toBeNull();
    expect(checkKodeKd(1, '4.1')).toBe(KD_MESSAGES.kodePengetahuan);
    expect(checkKodeKd(2, '3.1')).toBe(KD_MESSAGES.kodeKeterampilan);
    expect(checkKodeKd(1, '3.x')).toBe(KD_MESSAGES.kodeFormat);
    expect(checkKodeKd(1, ' ')).toBe(KD_MESSAGES.kodeRequired);
  });

  it('answers every empty field with the reference message', () => {
    const r = kdCreateSchema.safeParse({});
    expect(issues(r)).toMatchObject({
      tingkat: KD_MESSAGES.tingkatRequired,
      rombongan_belajar_id: KD_MESSAGES.rombelRequired,
      pembelajaran_id: KD_MESSAGES.mapelRequired,
      kompetensi_id: KD_MESSAGES.aspekRequired,
      id_kompetensi: KD_MESSAGES.kodeRequired,
      kompetensi_dasar: KD_MESSAGES.deskripsiRequired,
    });
    const ok = kdCreateSchema.parse({
      tingkat: '12',
      rombongan_belajar_id: R,
      pembelajaran_id: P,
      kompetensi_id: 1,
      id_kompetensi: ' 3.5 ',
      kompetensi_dasar: ' Menganalisis\n fungsi ',
    });
    expect(ok).toMatchObject({ tingkat: 12, id_kompetensi: '3.5', kompetensi_dasar: 'Menganalisis fungsi' });
    const wrong = kdCreateSchema.safeParse({ ...ok, kompetensi_id: 2 });
    expect(issues(wrong)).toEqual({ id_kompetensi: KD_MESSAGES.kodeKeterampilan });
  });
});

describe('CP form', () => {
  it('requires elemen and deskripsi with the reference messages', () => {
    const r = cpCreateSchema.safeParse({
      tingkat: 10,
      rombongan_belajar_id: R,
      pembelajaran_id: P,
      elemen: ' ',
    });
    expect(issues(r)).toEqual({
      elemen: CP_MESSAGES.elemenRequired,
      deskripsi: CP_MESSAGES.deskripsiRequired,
    });
    expect(issues(cpCreateSchema.safeParse({ tingkat: 9 }))).toMatchObject({
      tingkat: CP_MESSAGES.tingkatRequired,
    });
  });
});

describe('TP payloads', () => {
  it('needs exactly one of CP and KD', () => {
    expect(issues(tpSumberTargetSchema.safeParse({ pembelajaran_id: P }))).toEqual({
      cp_id: TP_MESSAGES.sumberRequired,
      kd_id: TP_MESSAGES.sumberRequired,
    });
    expect(issues(tpSumberTargetSchema.safeParse({ pembelajaran_id: P, cp_id: '5', kd_id: KD }))).toEqual({
      cp_id: TP_MESSAGES.sumberRequired,
      kd_id: TP_MESSAGES.sumberRequired,
    });
    expect(tpSumberTargetSchema.parse({ pembelajaran_id: P, cp_id: '1000032', kd_id: '' })).toEqual({
      pembelajaran_id: P,
      cp_id: 1000032,
      kd_id: undefined,
    });
    expect(issues(tpSumberTargetSchema.safeParse({ pembelajaran_id: P, cp_id: '1.5' }))).toEqual({
      cp_id: TP_MESSAGES.cpInvalid,
    });
  });

  it('turns the textarea into cleaned TPs', () => {
    const r = tpCreateSchema.parse({
      tingkat: 10,
      rombongan_belajar_id: R,
      pembelajaran_id: P,
      kd_id: KD,
      deskripsi: 'Menghitung  luas\n\nMenghitung volume\n',
    });
    expect(r).toEqual({
      tingkat: 10,
      rombongan_belajar_id: R,
      pembelajaran_id: P,
      cp_id: undefined,
      kd_id: KD,
      tp: ['Menghitung luas', 'Menghitung volume'],
    });
    expect(
      issues(
        tpCreateSchema.safeParse({
          tingkat: 10,
          rombongan_belajar_id: R,
          pembelajaran_id: P,
          cp_id: 3,
          deskripsi: '  ',
        }),
      ),
    ).toEqual({
      deskripsi: TP_MESSAGES.deskripsiRequired,
    });
  });

  it('edits one TP text and reads the force flag', () => {
    expect(tpUpdateSchema.parse({ deskripsi: ' a  b ' })).toEqual({ deskripsi: 'a b' });
    expect(issues(tpUpdateSchema.safeParse({ deskripsi: 'x'.repeat(1001) }))).toEqual({
      deskripsi: TP_MESSAGES.deskripsiMax,
    });
    expect(forceQuerySchema.parse({})).toEqual({ force: false });
    expect(forceQuerySchema.parse({ force: 'true' })).toEqual({ force: true });
    expect(forceQuerySchema.safeParse({ force: 'yes' }).success).toBe(false);
  });
});

describe('filter query', () => {
  it('accepts empty selects and refuses unknown values', () => {
    expect(filterOptionsQuerySchema.parse({ tingkat: '', rombongan_belajar_id: '', kurikulum: '' })).toEqual({
      tingkat: undefined,
      rombongan_belajar_id: undefined,
      kurikulum: undefined,
    });
    expect(filterOptionsQuerySchema.safeParse({ kurikulum: 'ktsp' }).success).toBe(false);
    expect(filterOptionsQuerySchema.safeParse({ tingkat: '9' }).success).toBe(false);
  });
});

describe('bobot', () => {
  it('takes whole numbers from 1 to 100 and names every other problem', () => {
    expect(['1', ' 3 ', '100', 2].map(checkBobot)).toEqual([null, null, null, null]);
    expect(checkBobot('')).toBe(BOBOT_MESSAGES.required);
    expect(checkBobot(null)).toBe(BOBOT_MESSAGES.required);
    expect(checkBobot('dua')).toBe(BOBOT_MESSAGES.number);
    expect(checkBobot('1e3')).toBe(BOBOT_MESSAGES.number);
    expect(checkBobot('0')).toBe(BOBOT_MESSAGES.positive);
    expect(checkBobot('-2')).toBe(BOBOT_MESSAGES.positive);
    expect(checkBobot('1,5')).toBe(BOBOT_MESSAGES.whole);
    expect(checkBobot('101')).toBe(BOBOT_MESSAGES.max);
  });

  it('reports each bad cell under rows.<i>.<field>', () => {
    const loaded = { bobot_sumatif_materi: 1, bobot_sumatif_akhir: 1 };
    const r = bobotSaveSchema.safeParse({
      rows: [
        { pembelajaran_id: P, bobot_sumatif_materi: '2', bobot_sumatif_akhir: 3, loaded },
        { pembelajaran_id: R, bobot_sumatif_materi: '', bobot_sumatif_akhir: 'x', loaded },
      ],
    });
    expect(issues(r)).toEqual({
      'rows.1.bobot_sumatif_materi': BOBOT_MESSAGES.required,
      'rows.1.bobot_sumatif_akhir': BOBOT_MESSAGES.number,
    });
    const ok = bobotSaveSchema.parse({
      rows: [{ pembelajaran_id: P, bobot_sumatif_materi: '2', bobot_sumatif_akhir: 3, loaded }],
    });
    expect(ok.rows[0]).toMatchObject({ bobot_sumatif_materi: 2, bobot_sumatif_akhir: 3 });
  });
});
