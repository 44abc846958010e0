import { type GenerateContext, kelasByNama } from './context.ts';

/**
 * Phase: the edge cases that need the finished school: the soft-deleted rombel's leavers, a wali
 * and ~5 % of PTK without e-mail, the empty rombel, the lesson whose teacher left, `Soft_delete`.
 */
export function markEdgeCases(ctx: GenerateContext): void {
  const {
    edgeCases,
    softDeleted,
    keluar,
    waliOf,
    teachers,
    year,
    isWali,
    kelasList,
    keluarUnit,
    pembelajaranByKey,
  } = ctx;
  const edge = ctx.profile.edgeCases;
  edgeCases.softDeletedRombel = softDeleted?.id ?? null;
  edgeCases.leaversOfSoftDeletedRombel = softDeleted
    ? keluar
        .filter((p) => p.anggota_rombel.rombongan_belajar_id === softDeleted.id)
        .map((p) => p.peserta_didik_id)
    : [];
  if (edge) {
    const noEmail = kelasByNama(ctx, 'X PPLG 2');
    const w = noEmail ? waliOf.get(noEmail) : undefined;
    if (noEmail && w) {
      w.ptk.email = null;
      edgeCases.waliWithoutEmail = { ptk_id: w.ptk.ptk_id, rombongan_belajar_id: noEmail.id };
    }
    // 5 % of PTK without e-mail in all: the wali above plus staff who never gave one.
    const missing = Math.round(teachers.length * 0.05) - 1;
    const xr = year.fork('edge-ptk');
    for (const t of xr
      .shuffle(teachers.filter((x) => !x.demo && !x.kepsek && !isWali.has(x)))
      .slice(0, missing)) {
      t.ptk.email = null;
    }
    edgeCases.emptyRombel = kelasList.find((k) => k.spec.empty)?.id ?? null;
    edgeCases.pembelajaranGuruKeluar = keluarUnit
      ? (pembelajaranByKey.get(keluarUnit.key)?.pembelajaran_id ?? null)
      : null;
    const cap = kelasList.find((k) => k.tingkat === 12 && k.spec.prog === 'AKL' && k.spec.index === 2);
    if (cap) {
      delete cap.rombel.soft_delete;
      cap.rombel.Soft_delete = 0;
      edgeCases.capitalSoftDelete = cap.id;
    }
  }
}
