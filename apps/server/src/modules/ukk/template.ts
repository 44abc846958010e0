import { tempatSertifikat, type UkkPredikatScheme } from '@erapor/contract/ukk/rules';
import { TEMPLATE_MESSAGES, type TemplateResponse, type TemplateSave } from '@erapor/contract/ukk/template';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { sekolah } from '../../db/tables/sekolah';
import { templateSertifikatUkk } from '../../db/tables/ukk';
import { fieldError } from '../../lib/errors';
import { penandatangan } from '../referensi/gtk/penandatangan';
import { getSettings } from '../sekolah/service';
import { SETTING_KEYS } from '../sekolah/settings';
import { requireKaprog } from './access';
import { offeredProgrammes } from './paket';

/** Defaults of the certificate (reference-domain §5). */
export const JUDUL_ID = 'SERTIFIKAT UJI KOMPETENSI';
export const JUDUL_EN = 'CERTIFICATE OF COMPETENCY ASSESSMENT';
export const MASA_BERLAKU_DEFAULT = 3;

/** The school's predicate scheme (Template Sertifikat), 'dua' (e-Rapor's two levels) by default. */
export async function predikatSchemeOf(db: Db, sekolahId: string): Promise<UkkPredikatScheme> {
  const [row] = await db
    .select({ scheme: templateSertifikatUkk.predikatScheme })
    .from(templateSertifikatUkk)
    .where(eq(templateSertifikatUkk.sekolahId, sekolahId));
  return row?.scheme === 'empat' ? 'empat' : 'dua';
}

/** Template Sertifikat: the school's choices and what prints without them (Kaprog only). */
export async function getTemplate(db: Db, actor: Actor): Promise<TemplateResponse> {
  requireKaprog(actor);
  const [row] = await db
    .select()
    .from(templateSertifikatUkk)
    .where(eq(templateSertifikatUkk.sekolahId, actor.sekolahId));
  const [s] = await db
    .select({ kabupaten: sekolah.kabupaten })
    .from(sekolah)
    .where(eq(sekolah.sekolahId, actor.sekolahId));
  const settings = await getSettings(db, { sekolahId: actor.sekolahId }, actor.semesterId);
  const kepalaId = settings[SETTING_KEYS.kepalaSekolah] ?? null;
  const kepala = kepalaId ? (await penandatangan(db, [kepalaId], 'nip')).get(kepalaId) : undefined;
  const programmes = await offeredProgrammes(db, actor);
  const jurusan = new Map(programmes.map((p) => [p.jurusanId, p.namaJurusan]));
  return {
    jurusan: [...jurusan].map(([jurusan_id, nama]) => ({ jurusan_id, nama })),
    template: {
      judul_id: row?.judulId ?? null,
      judul_en: row?.judulEn ?? null,
      masa_berlaku: row?.masaBerlaku ?? null,
      tempat: row?.tempat ?? null,
      penandatangan_nama: row?.penandatanganNama ?? null,
      penandatangan_nip: row?.penandatanganNip ?? null,
      penandatangan_jabatan: row?.penandatanganJabatan ?? null,
      predikat_scheme:
        row?.predikatScheme === 'empat' ? 'empat' : row?.predikatScheme === 'dua' ? 'dua' : null,
      jurusan_en: row?.jurusanEn ?? null,
      logo: row?.logo === 'tut_wuri' ? 'tut_wuri' : row?.logo === 'sekolah' ? 'sekolah' : null,
      latar: Boolean(row?.backgroundMime),
    },
    bawaan: {
      judul_id: JUDUL_ID,
      judul_en: JUDUL_EN,
      masa_berlaku: MASA_BERLAKU_DEFAULT,
      tempat: tempatSertifikat(s?.kabupaten ?? null),
      penandatangan_nama: kepala?.nama ?? '-',
      penandatangan_jabatan: settings[SETTING_KEYS.jabatan] ?? 'Kepala Sekolah',
      predikat_scheme: 'dua',
      logo: 'sekolah',
    },
  };
}

export async function saveTemplate(db: Db, actor: Actor, body: TemplateSave): Promise<{ message: string }> {
  requireKaprog(actor);
  await checkJurusanEn(db, actor, body.jurusan_en ?? null);
  const values = {
    judulId: body.judul_id,
    judulEn: body.judul_en,
    masaBerlaku: body.masa_berlaku,
    tempat: body.tempat,
    penandatanganNama: body.penandatangan_nama,
    penandatanganNip: body.penandatangan_nip,
    penandatanganJabatan: body.penandatangan_jabatan,
    predikatScheme: body.predikat_scheme,
    jurusanEn: body.jurusan_en ?? null,
    logo: body.logo,
    updatedAt: new Date(),
  };
  await db
    .insert(templateSertifikatUkk)
    .values({ sekolahId: actor.sekolahId, ...values })
    .onConflictDoUpdate({ target: templateSertifikatUkk.sekolahId, set: values });
  return { message: TEMPLATE_MESSAGES.saved };
}

/** English names only for the school's programmes (or ones already named): a field error otherwise. */
async function checkJurusanEn(db: Db, actor: Actor, names: Record<string, string> | null): Promise<void> {
  if (!names) return;
  const [row] = await db
    .select({ jurusanEn: templateSertifikatUkk.jurusanEn })
    .from(templateSertifikatUkk)
    .where(eq(templateSertifikatUkk.sekolahId, actor.sekolahId));
  const known = new Set([
    ...(await offeredProgrammes(db, actor)).map((p) => p.jurusanId),
    ...Object.keys(row?.jurusanEn ?? {}),
  ]);
  const unknown = Object.keys(names).find((k) => !known.has(k));
  if (unknown !== undefined) throw fieldError(`jurusan_en.${unknown}`, TEMPLATE_MESSAGES.jurusanInvalid);
}

/** The background image (checked by the caller: JPG/PNG ≤ 1 MB, header read). */
export async function saveLatar(
  db: Db,
  actor: Actor,
  latar: { mimeType: string; data: Buffer },
): Promise<{ message: string }> {
  requireKaprog(actor);
  const values = { background: latar.data, backgroundMime: latar.mimeType, updatedAt: new Date() };
  await db
    .insert(templateSertifikatUkk)
    .values({ sekolahId: actor.sekolahId, ...values })
    .onConflictDoUpdate({ target: templateSertifikatUkk.sekolahId, set: values });
  return { message: TEMPLATE_MESSAGES.latarSaved };
}

export async function removeLatar(db: Db, actor: Actor): Promise<{ message: string }> {
  requireKaprog(actor);
  await db
    .update(templateSertifikatUkk)
    .set({ background: null, backgroundMime: null, updatedAt: new Date() })
    .where(eq(templateSertifikatUkk.sekolahId, actor.sekolahId));
  return { message: TEMPLATE_MESSAGES.latarRemoved };
}

export async function resetTemplate(db: Db, actor: Actor): Promise<{ message: string }> {
  requireKaprog(actor);
  await db.delete(templateSertifikatUkk).where(eq(templateSertifikatUkk.sekolahId, actor.sekolahId));
  return { message: TEMPLATE_MESSAGES.reset };
}
