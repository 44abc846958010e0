import { formatTanggal, splitJabatan } from '@erapor/contract/cetak/rapor';
import { MESSAGES } from '@erapor/contract/errors';
import {
  masaBerlakuText,
  nomorSertifikat,
  type PolaUkk,
  polaPrintsCertificate,
  predikatUkk,
  tempatSertifikat,
} from '@erapor/contract/ukk/rules';
import type { SertifikatPilihan } from '@erapor/contract/ukk/sertifikat';
import {
  SERTIFIKAT_MESSAGES,
  SERTIFIKAT_SEMUA_MESSAGES,
  type SertifikatParams,
} from '@erapor/contract/ukk/sertifikat';
import type { TemplateLogo, TemplateSave } from '@erapor/contract/ukk/template';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../actor';
import type { Db } from '../../../db/client';
import { isoDate, sqlRows, textOrNull } from '../../../db/sql-rows';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { getSettings } from '../../sekolah/service';
import { identitasPegawai, SETTING_KEYS } from '../../sekolah/settings';
import { isKaprog } from '../../ukk/access';
import { offeredProgrammes } from '../../ukk/paket';
import { JUDUL_EN, JUDUL_ID, MASA_BERLAKU_DEFAULT, predikatSchemeOf } from '../../ukk/template';
import { type Penandatangan, penandatangan } from '../rapor/data';

/*
 * What one UKK certificate prints (reference-domain §5; issue #13 item 8). Who: a Kaprog or the Waka
 * of the school, or the plan's internal examiner; everyone else 403 (the admin too). Refused with
 * the reason (422/409): no score yet, a plan run by an LSP (the LSP issues its own), a pupil without
 * NISN (the number is built from it).
 *
 * Nomor = year of the certificate date + NPSN + NISN + the position of this plan among the pupil's
 * UKK participations (ordered by when the plans were made), five digits: stable on reprint, and a
 * later participation does not renumber an earlier certificate.
 */

type Row = Record<string, unknown>;

export interface Sertifikat {
  nomor: string;
  nama: string;
  nisn: string;
  sekolah: string;
  merdeka: boolean;
  jurusanId: string;
  jurusanEn: string;
  paketId: string;
  paketEn: string;
  predikat: { id: string; en: string };
  masaBerlaku: { id: string; en: string };
  tempat: string;
  tanggal: string;
  judulId: string;
  judulEn: string;
  logo: string | null;
  /** The emblem printed at the top: the school's logo (when uploaded) or Tut Wuri Handayani. */
  lambang: TemplateLogo;
  /** The background image of every page (a data URL), if the template has one. */
  latar: string | null;
  kepalaSekolah: (Penandatangan & { awalan: string | null }) | null;
  jabatan: string;
  internal: Penandatangan;
  eksternal: Penandatangan & { dudi: string };
  units: { kode: string; namaId: string; namaEn: string }[];
}

const canPrint = (actor: Actor) =>
  isKaprog(actor) || actor.roles.includes('waka') || actor.roles.includes('internal');

/** The pupil rows of a plan with everything a certificate needs (one pupil when asked for one). */
function sertifikatRows(actor: Actor, rencanaUkkId: string, anggotaRombelId?: string) {
  const onePupil = anggotaRombelId ? sql`and n.anggota_rombel_id = ${anggotaRombelId}` : sql``;
  return sql`select r.rencana_ukk_id, r.internal, r.eksternal, r.tanggal_sertifikat, r.pola_ukk, r.created_at,
        n.anggota_rombel_id, n.nilai, p.peserta_didik_id, p.nama, p.nisn, s.nama sekolah, s.npsn, s.kabupaten,
        pk.nama_paket_id, pk.nama_paket_en, pk.jurusan_id, k.nama_kurikulum,
        coalesce(j.nama_jurusan, pk.jurusan_id) nama_jurusan, d.nama nama_dudi,
        sl.mime_type logo_mime, sl.data logo_data,
        (select count(*) from nilai_ukk n2 join rencana_ukk r2 on r2.rencana_ukk_id = n2.rencana_ukk_id
          where n2.peserta_didik_id = n.peserta_didik_id
            and (r2.created_at, r2.rencana_ukk_id) <= (r.created_at, r.rencana_ukk_id)) urutan
      from nilai_ukk n
      join rencana_ukk r on r.rencana_ukk_id = n.rencana_ukk_id
      join peserta_didik p on p.peserta_didik_id = n.peserta_didik_id
      join sekolah s on s.sekolah_id = r.sekolah_id
      join ref_paket_ukk pk on pk.paket_ukk_id = r.paket_ukk_id
      left join ref_kurikulum k on k.kurikulum_id = pk.kurikulum_id
      left join ref_jurusan j on j.jurusan_id = pk.jurusan_id
      left join guru ge on ge.guru_id = r.eksternal
      left join dudi d on d.dudi_id = ge.dudi_id
      left join sekolah_logo sl on sl.sekolah_id = s.sekolah_id
      where n.rencana_ukk_id = ${rencanaUkkId} ${onePupil}
        and r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId}
      order by p.nama, n.anggota_rombel_id`;
}

/** Whether the caller may print a plan's certificates: a Kaprog, the Waka, or its internal examiner. */
const mayPrintPlan = (actor: Actor, internal: unknown) =>
  isKaprog(actor) || actor.roles.includes('waka') || textOrNull(internal) === actor.guruId;

/**
 * GET /api/cetak/sertifikat: the plans whose certificates the caller prints (this semester, not run
 * by an LSP) and the chosen plan's scored pupils — the downloads centre's choices.
 */
export async function sertifikatPilihan(
  db: Db,
  actor: Actor,
  rencanaUkkId: string | undefined,
): Promise<SertifikatPilihan> {
  if (!canPrint(actor)) throw forbidden(MESSAGES.forbidden);
  const every = isKaprog(actor) || actor.roles.includes('waka');
  const plans = await sqlRows<Row>(
    db,
    sql`select r.rencana_ukk_id, rb.nama kelas, pk.nomor_paket, pk.nama_paket_id from rencana_ukk r
      join rombongan_belajar rb on rb.rombongan_belajar_id = r.rombongan_belajar_id
      join ref_paket_ukk pk on pk.paket_ukk_id = r.paket_ukk_id
      where r.sekolah_id = ${actor.sekolahId} and r.semester_id = ${actor.semesterId}
        and r.pola_ukk <> 'lsp' ${every ? sql`` : sql`and r.internal = ${actor.guruId}`}
      order by rb.nama, pk.nomor_paket, r.rencana_ukk_id`,
  );
  const rencana = plans.map((p) => ({
    value: String(p.rencana_ukk_id),
    label: `${String(p.kelas)} — ${String(p.nomor_paket)} ${String(p.nama_paket_id)}`,
  }));
  const chosen = rencana.some((r) => r.value === rencanaUkkId) ? rencanaUkkId : undefined;
  const data = chosen
    ? (await sqlRows<Row>(db, sertifikatRows(actor, chosen)))
        .filter((r) => r.nilai !== null)
        .map((r) => ({
          anggota_rombel_id: String(r.anggota_rombel_id),
          nama: String(r.nama),
          nisn: textOrNull(r.nisn),
        }))
    : [];
  return { rencana, data };
}

/** One pupil's certificate, after the checks (403, 404, LSP 409, no score / no NISN 422). */
export async function sertifikatOf(db: Db, actor: Actor, params: SertifikatParams): Promise<Sertifikat> {
  if (!canPrint(actor)) throw forbidden(MESSAGES.forbidden);
  const [head] = await sqlRows<Row>(
    db,
    sertifikatRows(actor, params.rencana_ukk_id, params.anggota_rombel_id),
  );
  if (!head) throw notFound(SERTIFIKAT_MESSAGES.notFound);
  if (!mayPrintPlan(actor, head.internal)) throw forbidden(MESSAGES.forbidden);
  const nama = String(head.nama);
  if (!polaPrintsCertificate(String(head.pola_ukk) as PolaUkk))
    throw new AppError(409, 'UKK_SERTIFIKAT_LSP', SERTIFIKAT_MESSAGES.lsp);
  if (head.nilai === null) throw new AppError(422, 'UKK_BELUM_DINILAI', SERTIFIKAT_MESSAGES.noScore(nama));
  const nisn = textOrNull(head.nisn)?.trim();
  if (!nisn) throw new AppError(422, 'UKK_TANPA_NISN', SERTIFIKAT_MESSAGES.noNisn(nama));
  const build = await planContext(db, actor, head);
  return build(head, nisn);
}

export interface SertifikatRencana {
  /** The plan in the file's name: "{kelas} Paket {nomor paket}" (bulk.ts puts the kind before it). */
  label: string;
  /** The plan's class (the ZIP's folder). */
  kelas: string;
  /** Certificates of the scored pupils with NISN, by name. */
  list: Sertifikat[];
  /** Scored pupils left out for want of a NISN (named in the job's message). */
  tanpaNisn: string[];
}

/** Every certificate of a plan (Cetak Semua), after the plan-level checks of one certificate. */
export async function sertifikatRencana(
  db: Db,
  actor: Actor,
  rencanaUkkId: string,
): Promise<SertifikatRencana> {
  if (!canPrint(actor)) throw forbidden(MESSAGES.forbidden);
  const [plan] = await sqlRows<Row>(
    db,
    sql`select r.internal, r.pola_ukk, rb.nama kelas, pk.nomor_paket from rencana_ukk r
      join rombongan_belajar rb on rb.rombongan_belajar_id = r.rombongan_belajar_id
      join ref_paket_ukk pk on pk.paket_ukk_id = r.paket_ukk_id
      where r.rencana_ukk_id = ${rencanaUkkId} and r.sekolah_id = ${actor.sekolahId}
        and r.semester_id = ${actor.semesterId}`,
  );
  if (!plan) throw notFound(SERTIFIKAT_SEMUA_MESSAGES.planNotFound);
  if (!mayPrintPlan(actor, plan.internal)) throw forbidden(MESSAGES.forbidden);
  if (!polaPrintsCertificate(String(plan.pola_ukk) as PolaUkk))
    throw new AppError(409, 'UKK_SERTIFIKAT_LSP', SERTIFIKAT_MESSAGES.lsp);
  const rows = (await sqlRows<Row>(db, sertifikatRows(actor, rencanaUkkId))).filter((r) => r.nilai !== null);
  const kelas = String(plan.kelas);
  const result: SertifikatRencana = {
    label: `${kelas} Paket ${String(plan.nomor_paket)}`,
    kelas,
    list: [],
    tanpaNisn: [],
  };
  const [first] = rows;
  if (!first) return result;
  const build = await planContext(db, actor, first);
  for (const row of rows) {
    const nisn = textOrNull(row.nisn)?.trim();
    if (nisn) result.list.push(build(row, nisn));
    else result.tanpaNisn.push(String(row.nama));
  }
  return result;
}

/** What every certificate of a plan shares (template, signatories, units, logo), read once. */
async function planContext(db: Db, actor: Actor, head: Row): Promise<(row: Row, nisn: string) => Sertifikat> {
  const rencanaUkkId = String(head.rencana_ukk_id);
  const [template] = await sqlRows<Row>(
    db,
    sql`select * from template_sertifikat_ukk where sekolah_id = ${actor.sekolahId}`,
  );
  const settings = await getSettings(db, { sekolahId: actor.sekolahId }, actor.semesterId);
  const kepalaId = settings[SETTING_KEYS.kepalaSekolah] ?? null;
  const jabatan = splitJabatan(textOrNull(template?.penandatangan_jabatan) ?? settings[SETTING_KEYS.jabatan]);
  const [signers, units, scheme, logo, latar] = await Promise.all([
    penandatangan(
      db,
      [String(head.internal), String(head.eksternal), kepalaId].filter((id): id is string => !!id),
      identitasPegawai(settings[SETTING_KEYS.identitasPegawai]),
    ),
    sqlRows<Row>(
      db,
      sql`select u.kode_unit, u.nama_unit_id, u.nama_unit_en from unit_ukk u
        join rencana_ukk r on r.paket_ukk_id = u.paket_ukk_id
        where r.rencana_ukk_id = ${rencanaUkkId} order by u.kode_unit`,
    ),
    predikatSchemeOf(db, actor.sekolahId),
    logoOf(head.logo_mime, head.logo_data),
    logoOf(template?.background_mime, template?.background),
  ]);
  const kepala = kepalaId ? signers.get(kepalaId) : undefined;
  const ownSigner = textOrNull(template?.penandatangan_nama);
  const tanggal = isoDate(head.tanggal_sertifikat);
  const jurusanEn = (template?.jurusan_en as Record<string, string> | null)?.[String(head.jurusan_id)];
  const dash = { nama: '-', nomor: 'NIP. -' };
  const shared = {
    sekolah: String(head.sekolah),
    merdeka: /merdeka/i.test(textOrNull(head.nama_kurikulum) ?? ''),
    jurusanId: String(head.nama_jurusan),
    jurusanEn: jurusanEn?.trim() || String(head.nama_jurusan),
    paketId: String(head.nama_paket_id),
    paketEn: String(head.nama_paket_en),
    masaBerlaku: masaBerlakuText(Number(template?.masa_berlaku ?? MASA_BERLAKU_DEFAULT)),
    tempat: textOrNull(template?.tempat)?.trim() || tempatSertifikat(textOrNull(head.kabupaten)),
    tanggal: formatTanggal(tanggal),
    judulId: textOrNull(template?.judul_id)?.trim() || JUDUL_ID,
    judulEn: textOrNull(template?.judul_en)?.trim() || JUDUL_EN,
    logo,
    lambang: template?.logo === 'tut_wuri' ? ('tut_wuri' as const) : ('sekolah' as const),
    latar,
    kepalaSekolah: ownSigner
      ? {
          nama: ownSigner,
          nomor: `NIP. ${textOrNull(template?.penandatangan_nip) || '-'}`,
          awalan: jabatan.awalan,
        }
      : kepala
        ? { ...kepala, awalan: jabatan.awalan }
        : null,
    jabatan: jabatan.jabatan,
    internal: signers.get(String(head.internal)) ?? dash,
    eksternal: { ...(signers.get(String(head.eksternal)) ?? dash), dudi: textOrNull(head.nama_dudi) ?? '-' },
    units: units.map((u) => ({
      kode: String(u.kode_unit),
      namaId: String(u.nama_unit_id),
      namaEn: String(u.nama_unit_en),
    })),
  };
  return (row, nisn) => ({
    ...shared,
    nomor: nomorSertifikat(tanggal, String(head.npsn), nisn, Number(row.urutan)),
    nama: String(row.nama),
    nisn,
    predikat: predikatUkk(Number(row.nilai), scheme) ?? { id: '', en: '' },
  });
}

export function logoOf(mime: unknown, data: unknown): string | null {
  if ((mime !== 'image/png' && mime !== 'image/jpeg') || !(data instanceof Uint8Array) || data.length === 0)
    return null;
  // Tried in the render worker before a certificate draws it (render-images.ts; decision 050).
  return `data:${mime};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
}

/**
 * "Pratinjau" of the Template Sertifikat: one certificate of sample data with the choices sent (the
 * form as it stands, saved or not), the stored background, the school's name, logo and head teacher.
 */
export async function pratinjauSertifikat(db: Db, actor: Actor, draft: TemplateSave): Promise<Sertifikat> {
  if (!isKaprog(actor)) throw forbidden(MESSAGES.forbidden);
  const [school] = await sqlRows<Row>(
    db,
    sql`select s.nama, s.npsn, s.kabupaten, sl.mime_type logo_mime, sl.data logo_data,
        t.background, t.background_mime
      from sekolah s
      left join sekolah_logo sl on sl.sekolah_id = s.sekolah_id
      left join template_sertifikat_ukk t on t.sekolah_id = s.sekolah_id
      where s.sekolah_id = ${actor.sekolahId}`,
  );
  if (!school) throw notFound();
  const settings = await getSettings(db, { sekolahId: actor.sekolahId }, actor.semesterId);
  const kepalaId = settings[SETTING_KEYS.kepalaSekolah] ?? null;
  const jabatan = splitJabatan(draft.penandatangan_jabatan ?? settings[SETTING_KEYS.jabatan]);
  const [signers, [programme], logo, latar] = await Promise.all([
    penandatangan(db, kepalaId ? [kepalaId] : [], identitasPegawai(settings[SETTING_KEYS.identitasPegawai])),
    offeredProgrammes(db, actor),
    logoOf(school.logo_mime, school.logo_data),
    logoOf(school.background_mime, school.background),
  ]);
  const kepala = kepalaId ? signers.get(kepalaId) : undefined;
  const now = new Date();
  const tanggal = isoDate(now);
  const nisn = '0012345678';
  const jurusan = programme?.namaJurusan ?? 'Kompetensi Keahlian';
  return {
    nomor: nomorSertifikat(tanggal, String(school.npsn ?? ''), nisn, 1),
    nama: 'Nama Peserta Didik',
    nisn,
    sekolah: String(school.nama),
    merdeka: true,
    jurusanId: jurusan,
    jurusanEn: (programme && draft.jurusan_en?.[programme.jurusanId]) || jurusan,
    paketId: 'Judul Penugasan Contoh',
    paketEn: 'Sample Assignment Title',
    predikat: predikatUkk(85, draft.predikat_scheme ?? 'dua') ?? { id: '', en: '' },
    masaBerlaku: masaBerlakuText(draft.masa_berlaku ?? MASA_BERLAKU_DEFAULT),
    tempat: draft.tempat || tempatSertifikat(textOrNull(school.kabupaten)),
    tanggal: formatTanggal(tanggal),
    judulId: draft.judul_id || JUDUL_ID,
    judulEn: draft.judul_en || JUDUL_EN,
    logo,
    lambang: draft.logo ?? 'sekolah',
    latar,
    kepalaSekolah: draft.penandatangan_nama
      ? {
          nama: draft.penandatangan_nama,
          nomor: `NIP. ${draft.penandatangan_nip || '-'}`,
          awalan: jabatan.awalan,
        }
      : kepala
        ? { ...kepala, awalan: jabatan.awalan }
        : null,
    jabatan: jabatan.jabatan,
    internal: { nama: 'Nama Penguji Internal', nomor: 'NIP. -' },
    eksternal: { nama: 'Nama Penguji Eksternal', nomor: '-', dudi: 'Dunia Kerja Mitra' },
    units: [
      { kode: 'UNIT.001', namaId: 'Unit kompetensi contoh pertama', namaEn: 'First sample competency unit' },
      { kode: 'UNIT.002', namaId: 'Unit kompetensi contoh kedua', namaEn: 'Second sample competency unit' },
    ],
  };
}
