import { type Gender, personName, TEMPAT_LAHIR, type Tradisi } from '../names.ts';
import { sekolahAsal } from '../places.ts';
import type { Rng } from '../rng.ts';
import type { PesertaDidik } from '../types.ts';
import { alamat, dayOf, dmy, domisili, hp, nik, p2, round6, tradisiFor, weights, ymd } from '../util.ts';
import type { GenerateContext, Kelas } from './context.ts';

/** One pupil of class k, all drawn from rng (its own stream); nisn and nik unique in the school. */
export function makePupil(
  ctx: GenerateContext,
  rng: Rng,
  k: Kelas,
  agama_id: number,
  gender: Gender,
): PesertaDidik {
  const { nisnReg, nikReg, profile } = ctx;
  const tradisi: Tradisi = rng.weighted(tradisiFor(agama_id));
  const ayah = personName(rng, tradisi, 'L', 'dewasa');
  const child = personName(rng, tradisi, gender, 'muda', ayah.marga);
  const ibuTradisi: Tradisi = rng.chance(0.8) ? tradisi : rng.weighted(tradisiFor(agama_id));
  const ibu = personName(rng, ibuTradisi, 'P', 'dewasa');
  // Ages: most entered grade 10 aged 15 (born July Y-16 .. June Y-15).
  const shift = rng.weighted(weights('0:88 1:10 -1:2'));
  const lahir = rng.int(dayOf(k.intake - 16 - shift, 7, 2), dayOf(k.intake - 15 - shift, 7, 1));
  const dom = domisili(rng);
  const { yy } = dmy(lahir);
  const pindahan = rng.chance(0.02) && k.tingkat > 10;
  const meninggal = rng.chance(0.02);
  const wali = rng.chance(0.06) || meninggal;
  const peserta_didik_id = rng.uuid();
  const registrasi_id = rng.uuid();
  const masuk = pindahan
    ? dayOf(k.intake + 1, rng.int(1, 2), rng.int(5, 25))
    : dayOf(k.intake, 7, rng.int(10, 17));
  const tinggi = gender === 'L' ? rng.int(155, 182) : rng.int(146, 168);
  return {
    peserta_didik_id,
    nama: child.nama,
    nisn: nisnReg.take(() => `0${p2(yy)}${rng.digits(7)}`),
    nik: nikReg.take(() => nik(rng, dom.dagri, lahir, gender)),
    jenis_kelamin: gender,
    tempat_lahir: rng.chance(0.65)
      ? rng.pick(['Bekasi', 'Bekasi', 'Jakarta'])
      : rng.pick(TEMPAT_LAHIR[tradisi]),
    tanggal_lahir: ymd(lahir),
    agama_id,
    anak_keberapa: rng.weighted(weights('1:38 2:32 3:18 4:8 5:4')),
    alamat_jalan: alamat(rng),
    rt: rng.int(1, 12),
    rw: rng.int(1, 25),
    nama_dusun: null,
    desa_kelurahan: dom.kelurahan,
    kode_pos: dom.kode_pos,
    kode_wilayah: dom.kode_wilayah,
    lintang: round6(-6.2 - rng.next() * 0.16),
    bujur: round6(106.95 + rng.next() * 0.12),
    nomor_telepon_rumah: rng.chance(0.12) ? `021-88${rng.digits(6)}` : null,
    nomor_telepon_seluler: rng.chance(0.9) ? hp(rng) : null,
    email: null,
    nama_ayah: ayah.nama,
    nama_ibu_kandung: ibu.nama,
    nama_wali: wali ? personName(rng, tradisi, rng.chance(0.6) ? 'L' : 'P', 'dewasa').nama : null,
    pekerjaan_id_ayah: meninggal
      ? 98
      : rng.weighted(weights('6:30 9:18 11:15 7:10 5:8 14:4 10:5 99:4 12:2 1:2 2:1 3:1')),
    pekerjaan_id_ibu: rng.weighted(weights('1:50 6:14 9:9 7:10 5:5 11:5 99:3 14:2 98:2')),
    pekerjaan_id_wali: wali ? rng.weighted(weights('6:4 9:3 11:2 12:1')) : null,
    tinggi_badan: tinggi,
    berat_badan: Math.round((tinggi - 100) * (0.75 + rng.next() * 0.4)),
    kebutuhan_khusus: 'Tidak ada',
    registrasi_peserta_didik: {
      registrasi_id,
      peserta_didik_id,
      jenis_pendaftaran_id: pindahan ? 2 : 1,
      nipd: '',
      tanggal_masuk_sekolah: ymd(masuk),
      sekolah_asal: pindahan
        ? `SMK ${rng.pick(['Negeri', 'Swasta Bina', 'Negeri'])} ${rng.int(1, 14)} ${rng.pick(['Jakarta', 'Bogor', 'Bandung', 'Karawang'])}`
        : sekolahAsal(rng.int(1, 49), rng.int(0, 5)),
      jenis_keluar_id: null,
      tanggal_keluar: null,
      keterangan: null,
    },
    diterima_dikelas: {
      rombongan_belajar: {
        nama:
          pindahan || k.tingkat === 10
            ? k.nama
            : `X ${k.spec.prog} ${rng.int(1, Math.max(1, profile.classes.filter((c) => c.tingkat === 10 && c.prog === k.spec.prog).length))}`,
      },
    },
    anggota_rombel: {
      anggota_rombel_id: '',
      rombongan_belajar_id: k.id,
      peserta_didik_id,
      jenis_pendaftaran_id: pindahan ? 2 : 1,
    },
  };
}
