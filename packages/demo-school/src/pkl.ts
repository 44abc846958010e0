/**
 * The demo's PKL in the active semester (issue #27; decision 034): every PKS (akt_pd) of a grade-12
 * class with pupils becomes a Rencana Penilaian PKL of that class, owned by the class's PKL teacher,
 * with the TPs mapped to the class's PKL subject (grades.ts), its pupils (pd_pkl), scores, the
 * supervisor's notes and attendance — so pkl@'s screens, the homeroom's PKL view and the report
 * card's PKL section show data on a fresh demo.
 *
 * Spread per plan: pkl@'s first plan is partly scored (a plan to continue), their others complete;
 * the other plans 70 % complete, 20 % partly scored, 10 % not started. A partly scored plan has
 * every TP scored for about half its pupils. Attendance is kept for every pupil of a plan that has
 * started. The PKL subject's nilai akhir and capaian are those of the app's own rule
 * (`nilaiAkhirPkl`), as the score save writes them.
 *
 * Deterministic: every draw comes from a Rng forked by the plan's PKS id and the pupil's id.
 */
import { KOMPETENSI, MAPEL_PKL } from '@erapor/contract/penilaian/rules';
import { hariPkl, type NilaiPklScore, nilaiAkhirPkl } from '@erapor/contract/pkl/rules';
import type { DemoGrades, Kemajuan } from './grades.ts';
import { Rng } from './rng.ts';
import type { DemoSchool, Uuid } from './types.ts';
import { cmp } from './util.ts';

export interface DemoPklPlan {
  pkl_id: Uuid;
  semester_id: string;
  guru_id: Uuid;
  rombongan_belajar_id: Uuid;
  akt_pd_id: Uuid;
  tanggal_mulai: string;
  tanggal_selesai: string;
  instruktur: string;
  nip: string | null;
  kemajuan: Kemajuan;
}

export interface DemoPkl {
  rencana: DemoPklPlan[];
  tp_pkl: { tp_pkl_id: Uuid; pkl_id: Uuid; tp_id: Uuid }[];
  pd_pkl: { pd_pkl_id: Uuid; pkl_id: Uuid; peserta_didik_id: Uuid; catatan: string | null }[];
  nilai_pkl: {
    nilai_pkl_id: Uuid;
    pkl_id: Uuid;
    peserta_didik_id: Uuid;
    tp_id: Uuid;
    nilai: number;
    deskripsi: string | null;
  }[];
  absensi_pkl: {
    absensi_pkl_id: Uuid;
    pkl_id: Uuid;
    peserta_didik_id: Uuid;
    sakit: number;
    izin: number;
    alpa: number;
  }[];
  /** The PKL subject's grade and capaian of the pupils scored (as Generate Nilai would store them). */
  nilai_akhir: { anggota_rombel_id: Uuid; pembelajaran_id: Uuid; kompetensi_id: number; nilai: number }[];
  deskripsi: { anggota_rombel_id: Uuid; pembelajaran_id: Uuid; deskripsi: string }[];
}

/** Merdeka SMK curricula have 5-digit ids, K13 ones 3-digit (as grades.ts). */
const K13_MAX_ID = 1000;

const CATATAN = [
  'Disiplin dan tepat waktu selama di tempat PKL.',
  'Cepat beradaptasi dengan lingkungan kerja dan ramah kepada pelanggan.',
  'Teliti dalam bekerja, perlu lebih berani bertanya kepada instruktur.',
  'Mampu bekerja sama dalam tim dan bertanggung jawab atas tugasnya.',
  'Menunjukkan inisiatif yang baik; tingkatkan kerapian laporan harian.',
] as const;

/** A score's description: how the pupil did at the TP (the supervisor's words, short). */
function deskripsiNilai(nilai: number): string {
  if (nilai >= 88) return 'Sangat baik dan mandiri';
  if (nilai >= 78) return 'Baik dan teliti';
  return 'Perlu bimbingan instruktur';
}

export function generatePkl(school: DemoSchool, grades: DemoGrades): DemoPkl {
  const m = school.meta;
  const rng = new Rng(`erapor-demo-pkl:${m.seed}:${m.profile}:${m.npsn}:${m.semester_id}`);
  const out: DemoPkl = {
    rencana: [],
    tp_pkl: [],
    pd_pkl: [],
    nilai_pkl: [],
    absensi_pkl: [],
    nilai_akhir: [],
    deskripsi: [],
  };
  const tahun = m.tahun_ajaran_id;
  const [mulai, selesai] = m.semester_id.endsWith('2')
    ? [`${tahun + 1}-01-12`, `${tahun + 1}-04-30`]
    : [`${tahun}-08-03`, `${tahun}-11-28`];
  const hari = hariPkl(mulai, selesai);

  const regular = school.rombongan_belajar.filter(
    (r) => r.jenis_rombel === 1 && !(r.soft_delete ?? r.Soft_delete) && r.tingkat_pendidikan_id === 12,
  );
  const classOf = new Map<Uuid, (typeof regular)[number]>();
  for (const r of regular) for (const a of r.anggota_rombel) classOf.set(a.peserta_didik_id, r);
  const tpOrder = new Map(grades.tujuan_pembelajaran.map((t) => [t.tp_id, t.urutan]));
  const tpsOf = (pembelajaranId: Uuid) =>
    grades.tp_mapel
      .filter((x) => x.pembelajaran_id === pembelajaranId)
      .map((x) => x.tp_id)
      .sort((a, b) => (tpOrder.get(a) ?? 0) - (tpOrder.get(b) ?? 0) || cmp(a, b));

  // ---- the plans: one per PKS of a grade-12 class that has a PKL subject with TPs
  type Draft = { plan: DemoPklPlan; pupils: Uuid[]; tps: Uuid[]; pembelajaranId: Uuid };
  const drafts: Draft[] = [];
  for (const dudi of school.dudi)
    for (const mou of dudi.mou)
      for (const akt of mou.akt_pd) {
        const first = akt.anggota_akt_pd[0]?.registrasi_peserta_didik.peserta_didik_id;
        const kelas = first ? classOf.get(first) : undefined;
        const subject = kelas?.pembelajaran.find((p) => p.mata_pelajaran_id === MAPEL_PKL);
        if (!kelas || !subject) continue;
        const tps = tpsOf(subject.pembelajaran_id);
        const pupils = akt.anggota_akt_pd
          .map((a) => a.registrasi_peserta_didik.peserta_didik_id)
          .filter((pd) => classOf.get(pd) === kelas);
        if (tps.length === 0 || pupils.length === 0) continue;
        const r = rng.fork(`plan/${akt.id_akt_pd}`);
        drafts.push({
          plan: {
            pkl_id: r.uuid(),
            semester_id: m.semester_id,
            guru_id: subject.ptk_id,
            rombongan_belajar_id: kelas.rombongan_belajar_id,
            akt_pd_id: akt.id_akt_pd,
            tanggal_mulai: mulai,
            tanggal_selesai: selesai,
            // The DUDI's contact person guides the pupils there (Referensi Instruktur is empty).
            instruktur: mou.contact_person,
            nip: null,
            kemajuan: 'belum',
          },
          pupils,
          tps,
          pembelajaranId: subject.pembelajaran_id,
        });
      }

  // ---- how far each plan is
  const mine = new Set(school.relations.pklAktPdIds);
  const pklOwn = drafts.filter((d) => mine.has(d.plan.akt_pd_id));
  pklOwn.forEach((d, i) => {
    d.plan.kemajuan = i === 0 ? 'sebagian' : 'lengkap';
  });
  const rest = rng.fork('kemajuan').shuffle(drafts.filter((d) => !mine.has(d.plan.akt_pd_id)));
  const nLengkap = Math.round(rest.length * 0.7);
  const nSebagian = Math.round(rest.length * 0.2);
  rest.forEach((d, i) => {
    d.plan.kemajuan = i < nLengkap ? 'lengkap' : i < nLengkap + nSebagian ? 'sebagian' : 'belum';
  });

  // ---- pupils, scores, notes, attendance
  /** peserta_didik_id → their scores in plan order (plans by date, then id; TPs as written). */
  const scoresOf = new Map<Uuid, NilaiPklScore[]>();
  const subjectOf = new Map<Uuid, Uuid>();
  const ordered = [...drafts].sort(
    (a, b) => cmp(a.plan.tanggal_mulai, b.plan.tanggal_mulai) || cmp(a.plan.pkl_id, b.plan.pkl_id),
  );
  for (const d of drafts) {
    const { plan } = d;
    out.rencana.push(plan);
    const r = rng.fork(`isi/${plan.akt_pd_id}`);
    for (const tp_id of d.tps) out.tp_pkl.push({ tp_pkl_id: r.uuid(), pkl_id: plan.pkl_id, tp_id });
    const scored =
      plan.kemajuan === 'lengkap'
        ? new Set(d.pupils)
        : plan.kemajuan === 'sebagian'
          ? new Set(r.shuffle(d.pupils).slice(0, Math.ceil(d.pupils.length / 2)))
          : new Set<Uuid>();
    for (const pd of d.pupils) {
      const pr = r.fork(pd);
      const done = scored.has(pd);
      out.pd_pkl.push({
        pd_pkl_id: pr.uuid(),
        pkl_id: plan.pkl_id,
        peserta_didik_id: pd,
        catatan: done && pr.chance(0.9) ? pr.pick(CATATAN) : null,
      });
      if (plan.kemajuan !== 'belum')
        out.absensi_pkl.push({
          absensi_pkl_id: pr.uuid(),
          pkl_id: plan.pkl_id,
          peserta_didik_id: pd,
          sakit: Math.min(hari, pr.int(0, 3)),
          izin: pr.chance(0.3) ? pr.int(1, 2) : 0,
          alpa: pr.chance(0.1) ? 1 : 0,
        });
      if (!done) continue;
      const level = pr.int(70, 92);
      for (const tp_id of d.tps) {
        const nilai = Math.max(60, Math.min(100, level + pr.int(-6, 6)));
        out.nilai_pkl.push({
          nilai_pkl_id: pr.uuid(),
          pkl_id: plan.pkl_id,
          peserta_didik_id: pd,
          tp_id,
          nilai,
          deskripsi: deskripsiNilai(nilai),
        });
      }
      subjectOf.set(pd, d.pembelajaranId);
    }
  }
  const byPlan = new Map<Uuid, DemoPkl['nilai_pkl']>();
  for (const n of out.nilai_pkl) byPlan.set(n.pkl_id, [...(byPlan.get(n.pkl_id) ?? []), n]);
  for (const d of ordered)
    for (const n of byPlan.get(d.plan.pkl_id) ?? [])
      scoresOf.set(n.peserta_didik_id, [
        ...(scoresOf.get(n.peserta_didik_id) ?? []),
        { nilai: n.nilai, deskripsi: n.deskripsi },
      ]);

  // ---- the PKL subject's grade on the semester report (pkl/nilai-akhir.ts's rule)
  for (const r of regular)
    for (const a of r.anggota_rombel) {
      const pembelajaranId = subjectOf.get(a.peserta_didik_id);
      const result = pembelajaranId ? nilaiAkhirPkl(scoresOf.get(a.peserta_didik_id) ?? []) : null;
      if (!pembelajaranId || !result) continue;
      out.nilai_akhir.push({
        anggota_rombel_id: a.anggota_rombel_id,
        pembelajaran_id: pembelajaranId,
        kompetensi_id: r.kurikulum_id >= K13_MAX_ID ? KOMPETENSI.merdeka : KOMPETENSI.k13,
        nilai: result.nilai,
      });
      if (result.deskripsi)
        out.deskripsi.push({
          anggota_rombel_id: a.anggota_rombel_id,
          pembelajaran_id: pembelajaranId,
          deskripsi: result.deskripsi,
        });
    }
  return out;
}
