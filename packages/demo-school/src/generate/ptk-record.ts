import type { Pool } from '../curriculum.ts';
import { type Era, type Gender, personName, TEMPAT_LAHIR } from '../names.ts';
import { STUDI } from '../places.ts';
import type { Rng } from '../rng.ts';
import type { Ptk, RwyPendFormal } from '../types.ts';
import { alamat, at, dayOf, dmy, domisili, hp, nik, p2, slug, tradisiFor, weights, ymd } from '../util.ts';
import type { GenerateContext } from './context.ts';

const GELAR = new Map<number, string>([
  [20, 'S.Pd'],
  [48, 'M.Pd'],
  [18, 'S.Kom'],
  [46, 'M.Kom'],
  [17, 'S.T'],
  [45, 'M.T'],
  [3, 'S.E.'],
  [25, 'M.M.'],
  [58, 'S.Pd.I'],
  [49, 'M.Ag'],
  [69, 'S.Th.'],
  [5, 'S.Sos'],
  [26, 'M.Si'],
  [65, 'A.Md'],
]);

export interface PtkOptions {
  nama?: string;
  gender?: Gender;
  agama?: number;
  age?: readonly [number, number];
  s1?: number;
  s2?: number | null;
  pns?: boolean;
  email?: string;
  jenisPtk?: number;
  jabatan?: number | null;
}

/** One PTK record with its education history, drawn from rng; the domicile from ctx.guruDomisili. */
export function makePtk(
  ctx: GenerateContext,
  rng: Rng,
  pool: Pool | 'TENDIK',
  opts: PtkOptions,
): { ptk: Ptk; gelar: { kode: string; posisi: string }[] } {
  const { tahun, guruDomisili, emailReg, nuptkReg, nikReg } = ctx;
  const religionPool: Record<string, number> = { PAI: 1, PAK: 2, PAKAT: 3, PAH: 4, PAB: 5 };
  const agama = opts.agama ?? religionPool[pool] ?? rng.weighted(weights('1:85 2:8 3:4 4:2 5:1'));
  const gender: Gender = opts.gender ?? (rng.chance(pool === 'TENDIK' ? 0.5 : 0.45) ? 'L' : 'P');
  const tradisi = rng.weighted(tradisiFor(agama));
  const era: Era = 'dewasa';
  const named = opts.nama ?? personName(rng, tradisi, gender, era).nama;
  const [minAge, maxAge] = opts.age ?? [24, 58];
  const lahir = rng.int(dayOf(tahun - maxAge, 1, 1), dayOf(tahun - minAge, 6, 30));
  const born = dmy(lahir);
  const dom = domisili(guruDomisili);
  const ptk_id = rng.uuid();
  const pns = opts.pns ?? false;
  const status = pns
    ? rng.weighted(weights('1:68 11:27 10:5'))
    : pool === 'TENDIK'
      ? 9
      : rng.weighted(weights('8:75 5:25'));
  const tmtYear =
    status === 11
      ? rng.int(Math.max(2019, born.yyyy + 24), tahun)
      : rng.int(born.yyyy + 23, Math.min(tahun - 1, born.yyyy + 35));
  const nip = pns
    ? status === 11
      ? `${born.yyyy}${p2(born.mm)}${p2(born.dd)}${tmtYear}21${gender === 'L' ? 1 : 2}${rng.digits(3)}`
      : `${born.yyyy}${p2(born.mm)}${p2(born.dd)}${tmtYear}${p2(rng.int(1, 12))}${gender === 'L' ? 1 : 2}${rng.digits(3)}`
    : null;
  const studi = STUDI[pool] ?? STUDI.TENDIK;
  if (!studi) throw new Error('studi');
  const riwayat: RwyPendFormal[] = [];
  const gelar: { kode: string; posisi: string }[] = [];
  const addRwy = (jenjang: string, gelarId: number, masuk: number, lama: number, prodi: string) => {
    riwayat.push({
      riwayat_pendidikan_formal_id: rng.uuid(),
      ptk_id,
      satuan_pendidikan_formal: rng.pick(studi.kampus),
      fakultas: studi.fakultas,
      kependidikan: studi.kependidikan,
      tahun_masuk: masuk,
      tahun_lulus: masuk + lama,
      nim: `${masuk % 100}${rng.digits(8)}`,
      status_kuliah: 'Lulus',
      semester: lama * 2,
      ipk: Math.round((2.9 + rng.next() * 0.95) * 100) / 100,
      prodi,
      bidang_studi_id_str: studi.bidang,
      jenjang_pendidikan_id_str: jenjang,
      gelar_akademik_id: gelarId,
      gelar_akademik_id_str: GELAR.get(gelarId) ?? '',
      Soft_delete: 0,
    });
    gelar.push({ kode: GELAR.get(gelarId) ?? '', posisi: '2' });
  };
  const s1Year = born.yyyy + 18 + rng.int(0, 1);
  if (pool === 'TENDIK') {
    if (rng.chance(0.3)) addRwy('D3', 65, s1Year, 3, 'Administrasi Perkantoran');
    else if (rng.chance(0.5)) addRwy('S1', studi.gelarS1, s1Year, 4, studi.prodi);
  } else {
    if (rng.chance(0.12) && opts.s1 === undefined) addRwy('D3', 65, s1Year - 0, 3, studi.prodi);
    const s1Masuk = riwayat.length ? s1Year + 4 : s1Year;
    if (s1Masuk + 4 <= tahun) addRwy('S1', opts.s1 ?? studi.gelarS1, s1Masuk, 4, studi.prodi);
    const wantS2 = opts.s2 !== undefined ? opts.s2 !== null : rng.chance(0.18) && born.yyyy < tahun - 32;
    if (wantS2) {
      const s2Masuk = Math.min(tahun - 2, s1Masuk + 4 + rng.int(2, 8));
      addRwy('S2', opts.s2 ?? studi.gelarS2, s2Masuk, 2, studi.prodi);
    }
  }
  // Front-end gelar are rare; only S1/S2/D3 (all "posisi 2") are used. A D3 title is dropped when an S1 follows.
  const shown = gelar.filter((g, i) => !(g.kode === 'A.Md' && i < gelar.length - 1));
  const pangkat =
    status === 11
      ? 'IX'
      : pns
        ? at(
            ['III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b'],
            Math.min(5, Math.floor((tahun - tmtYear) / 4)),
          )
        : null;
  const emailBase = slug(named.split(' ').slice(0, 2).join(' '));
  const email =
    opts.email ?? emailReg.take(() => `${emailBase}${rng.chance(0.5) ? '' : rng.int(1, 99)}@demo.sch.id`);
  return {
    ptk: {
      ptk_id,
      nama: named,
      nuptk: nuptkReg.take(() => `${rng.int(1, 9)}${rng.digits(15)}`),
      nip,
      nik: nikReg.take(() => nik(rng, dom.dagri, lahir, gender)),
      jenis_kelamin: gender,
      tempat_lahir: rng.chance(0.4) ? rng.pick(['Bekasi', 'Jakarta']) : rng.pick(TEMPAT_LAHIR[tradisi]),
      tanggal_lahir: ymd(lahir),
      agama_id: agama,
      status_kepegawaian_id: status,
      pangkat_golongan_terakhir: pangkat,
      pendidikan_terakhir: riwayat.length
        ? (riwayat[riwayat.length - 1] as RwyPendFormal).jenjang_pendidikan_id_str
        : 'SMA',
      bidang_studi_terakhir: riwayat.length ? studi.bidang : 'Umum',
      alamat_jalan: alamat(rng),
      rt: rng.int(1, 12),
      rw: rng.int(1, 20),
      desa_kelurahan: dom.kelurahan,
      kode_wilayah: dom.kode_wilayah,
      kode_pos: dom.kode_pos,
      no_hp: hp(rng),
      email,
      ptk_terdaftar: {
        ptk_terdaftar_id: rng.uuid(),
        jenis_ptk_id: opts.jenisPtk ?? 4,
        tahun_ajaran_id: tahun,
        tanggal_surat_tugas: ymd(dayOf(Math.max(tmtYear, born.yyyy + 23), rng.int(1, 12), rng.int(1, 28))),
        ptk_induk: 1,
      },
      tugas_tambahan: opts.jabatan ? { jabatan_ptk_id: opts.jabatan } : null,
      rwy_pend_formal: riwayat,
    },
    gelar: shown,
  };
}
