/**
 * Indonesian person names, written for this project (not taken from a faker library). A name is
 * built from the patterns of one naming tradition, chosen to fit the person's religion, so that
 * a Balinese Hindu pupil is "I Kadek …", a Toba Batak Christian carries a marga shared with the
 * father, and a Chinese-Indonesian Buddhist has an Indonesian-Chinese surname.
 */
import type { Rng } from './rng.ts';

/** A comma-separated list, so long name lists stay compact under the formatter. */
export function list(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type Gender = 'L' | 'P';
export type Tradisi =
  | 'jawa'
  | 'sunda'
  | 'betawi'
  | 'minang'
  | 'mandailing'
  | 'bugis'
  | 'melayu'
  | 'batak'
  | 'minahasa'
  | 'ambon'
  | 'flores'
  | 'jawaKristen'
  | 'bali'
  | 'tionghoa';

/** Agama ids of `ref_agama.json`: 1 Islam, 2 Kristen, 3 Katholik, 4 Hindu, 5 Buddha, 6 Kong Hu Chu. */
export const TRADISI_BY_AGAMA: Record<number, readonly (readonly [Tradisi, number])[]> = {
  1: [
    ['jawa', 38],
    ['sunda', 26],
    ['betawi', 12],
    ['minang', 7],
    ['mandailing', 6],
    ['bugis', 5],
    ['melayu', 6],
  ],
  2: [
    ['batak', 50],
    ['minahasa', 20],
    ['ambon', 12],
    ['jawaKristen', 18],
  ],
  3: [
    ['flores', 40],
    ['jawaKristen', 35],
    ['batak', 15],
    ['tionghoa', 10],
  ],
  4: [['bali', 1]],
  5: [['tionghoa', 1]],
  6: [['tionghoa', 1]],
};

// ---------------------------------------------------------------- shared pools

/** Given names common among pupils born after 2005 (any Muslim-majority region). */
const MODERN_L = list(`
    Rizky, Bagas, Dimas, Raka, Arka, Rangga, Farel, Revan, Alvin, Aldi, Fadil, Dafa, Gilang, Rehan,
    Yoga, Dika, Ardi, Bintang, Satria, Galang, Rendi, Tegar, Fahmi, Raffi, Naufal, Daffa, Farhan,
    Haikal, Rayhan, Zaki, Akmal, Aditya, Reza, Fahri, Azka, Fathan, Alif, Rafi, Kevin, Andika,
    Ilham, Fajar, Aqil, Arya, Bima, Danendra, Elang, Fariz, Hafidz, Irfan, Jodi, Keanu, Lutfi,
    Malik, Nabil, Oky, Panji, Qois, Rasya, Syahrul, Taufik, Umar, Valen, Wildan, Yusuf, Zidan,
    Ariq, Bayu, Cahya, Dirga
  `);
const MODERN_P = list(`
    Aurel, Cantika, Citra, Nayla, Zaskia, Tiara, Shinta, Anggun, Bunga, Dinda, Nadya, Keysha,
    Salwa, Vania, Wulan, Rania, Tasya, Fira, Jihan, Nabila, Salsabila, Khairunnisa, Aulia, Annisa,
    Nadia, Syifa, Rahma, Hana, Laila, Zahira, Kayla, Alya, Azzahra, Intan, Putri, Fitri, Amelia,
    Safira, Naila, Keisya, Adinda, Bella, Chelsea, Devi, Elsa, Fani, Gita, Hesti, Indah, Jasmine,
    Karin, Lulu, Mutiara, Nisa, Olivia, Puspa, Queen, Rizka, Sabrina, Talita, Ulfa, Vira, Widya,
    Yasmin, Zahra, Aisyah, Balqis, Dea, Erika, Febi
  `);
const MIDDLE_L = list(`
    Muhammad, Ahmad, Adi, Dwi, Tri, Eka, Surya, Putra, Nur, Rizki, Aditya, Fajar, Dian, Aji, Galih,
    Bayu, Yoga, Dimas, Hadi, Arif, Maulana, Ramadhan, Rahmat, Hidayat
  `);
const MIDDLE_P = list(`
    Nur, Dwi, Tri, Eka, Ayu, Putri, Sri, Dewi, Ratna, Indah, Nurul, Siti, Fitri, Aulia, Rahma,
    Kartika, Mega, Puspita, Sekar, Ayu Dewi, Citra, Intan
  `);

// ---------------------------------------------------------------- traditions

const JAWA = {
  oldL: list(`
      Agus, Budi, Joko, Slamet, Bambang, Hadi, Teguh, Wahyu, Eko, Yudi, Rudi, Hendro, Sugeng,
      Purnomo, Suryo, Widodo, Darmaji, Sutrisno, Sunarto, Priyo, Heru, Bowo, Sigit, Tri, Dwi, Gatot,
      Haryo, Mulyono, Suparno, Sukardi, Wiyono, Sarwono, Jumadi, Kasiman, Supardi, Tukimin, Darsono,
      Wagiman, Paiman, Sumarno, Subagyo, Triyanto, Yulianto, Wawan
    `),
  oldP: list(`
      Sri, Endang, Dewi, Ratna, Sulastri, Suryani, Rini, Yuni, Tutik, Nanik, Indah, Retno, Dyah,
      Sumiyati, Sukarti, Wartini, Sumarni, Painem, Tumini, Suprapti, Partini, Umi, Ninik, Sundari,
      Kustini, Siti, Lilik, Tri, Erna, Wiwik, Yanti, Puji, Eni, Titik
    `),
  lastL: list(`
      Santoso, Wibowo, Prasetyo, Nugroho, Setiawan, Kurniawan, Susilo, Haryanto, Darmawan, Priyanto,
      Raharjo, Wicaksono, Pratama, Saputra, Utomo, Hartono, Purwanto, Sulistyo, Cahyono, Wijayanto,
      Hermawan, Sutanto, Budiman, Widiatmoko, Prabowo, Mulyadi, Suharto, Ardiansyah, Firmansyah,
      Kuncoro
    `),
  lastP: list(`
      Lestari, Rahayu, Wahyuni, Utami, Handayani, Wulandari, Kusumawati, Purwanti, Astuti,
      Setyaningsih, Puspitasari, Anggraini, Rahmawati, Safitri, Permatasari, Maharani, Novitasari,
      Agustina, Febriani, Oktaviani, Septiani, Susanti, Sulistyowati, Pertiwi, Larasati, Ningrum,
      Widyastuti, Hapsari, Kinasih, Prameswari
    `),
  youngL: ['Bagus', 'Danang', 'Anggoro', 'Seno', 'Wisnu', 'Bimo', 'Ganang', 'Prabu', 'Jati', 'Damar'],
  youngP: ['Anjani', 'Kinanti', 'Galuh', 'Rara', 'Ajeng', 'Laras', 'Sekar', 'Kirana', 'Arum', 'Pramesti'],
};

const SUNDA = {
  oldL: list(`
      Asep, Ujang, Dadang, Cecep, Yayat, Dede, Ade, Aep, Encep, Jajang, Ajat, Iwan, Dedi, Yana,
      Rahmat, Enjang, Ading, Ayi, Dodi, Engkus, Acep, Ilham, Oman, Tatang, Usep, Wahyu, Yudi, Entis,
      Koswara, Nandang
    `),
  oldP: list(`
      Euis, Neng, Iis, Dedeh, Imas, Eneng, Yanti, Lilis, Cucu, Ai, Nining, Rina, Wiwin, Tati, Enok,
      Elis, Heni, Ela, Eti, Popon, Nenden, Titin, Oneng, Ikah, Yeni
    `),
  lastL: list(`
      Saepudin, Sopandi, Supriatna, Hidayat, Permana, Kusnadi, Ruhiyat, Sukmana, Sunandar, Mulyana,
      Suparman, Gunawan, Sobari, Rukmana, Wiguna, Kurnia, Nugraha, Firmansyah, Somantri, Suryadi,
      Sumpena, Hendrayana, Abdurahman, Saputra, Ramdani, Setiadi
    `),
  lastP: list(`
      Nurhasanah, Rosita, Komalasari, Kurniasih, Sumiati, Rohmawati, Suhartini, Nurjanah, Mulyani,
      Sukaesih, Hermawati, Karlina, Marliani, Wulansari, Nurlaela, Rosmiati, Setiawati, Yulianti,
      Juwita, Nuraeni, Ratnasari, Fitriani
    `),
  youngL: ['Rizal', 'Raden', 'Gilang', 'Fikri', 'Ridwan', 'Hilman', 'Rafli', 'Fauzan', 'Syahril', 'Ikhsan'],
  youngP: ['Nenden', 'Rahayu', 'Dewi', 'Sinta', 'Mulan', 'Sekar', 'Ghea', 'Nirmala', 'Puspa', 'Melati'],
};

const BETAWI = {
  oldL: list(`
      Mamat, Rohim, Jamal, Sanusi, Sueb, Mursid, Naim, Sarmili, Bachtiar, Husin, Mahmud, Ridwan,
      Syafii, Zainudin, Romli, Junaedi, Nasrul, Tabrani
    `),
  oldP: list(`
      Romlah, Saidah, Juleha, Maesaroh, Zubaedah, Fauziah, Hasanah, Mardiah, Rodiah, Salmah
    `),
  lastL: list(`
      Hasan, Ismail, Sulaiman, Abdullah, Rosadi, Marzuki, Syarifudin, Kamaludin, Fadillah
    `),
  lastP: ['Aminah', 'Fatimah', 'Zulaikha', 'Maryam', 'Nurhayati', 'Khadijah', 'Jamilah', 'Rukayah', 'Hafsah'],
};

const MINANG = {
  oldL: list(`
      Zulkifli, Afrizal, Syafrudin, Yusrizal, Irwan, Hendri, Rinaldi, Erwin, Jasrizal, Nofrizal,
      Defrizal, Syamsul, Yulizar, Asrul, Firdaus, Mardianis, Zulhendri, Alfian, Edison, Yuswardi
    `),
  oldP: list(`
      Yusnita, Mardiah, Nelvi, Yessi, Yulia, Rahmi, Delvi, Hafizah, Syafitri, Elvi, Yusnimar,
      Gusnawati, Desmawati, Nurhayati, Marlina, Asmiwati
    `),
  lastL: list(`
      Chaniago, Piliang, Tanjung, Sikumbang, Koto, Jambak, Guci, Syahputra, Putra, Hidayat, Rahman,
      Sutan, Malin
    `),
  lastP: list(`
      Rahmi, Yanti, Andriani, Ramadhani, Elvira, Husna, Fitria, Mutia, Zahara, Oktavia
    `),
  youngL: ['Fadli', 'Aidil', 'Febrian', 'Ferdi', 'Ihsan', 'Rizki', 'Habibi', 'Fauzi', 'Arif', 'Rafiq'],
  youngP: ['Novia', 'Silvia', 'Elsa', 'Rahmadani', 'Fitria', 'Mutia', 'Zahara', 'Rani', 'Nadia', 'Syifa'],
};

const MANDAILING = {
  marga: list(`
      Nasution, Lubis, Harahap, Siregar, Hasibuan, Rangkuti, Daulay, Pulungan, Batubara, Pohan,
      Ritonga, Dalimunthe, Matondang, Parinduri, Tanjung
    `),
  oldL: list(`
      Ahmad, Syahrial, Baginda, Mangaraja, Sutan, Amiruddin, Muhammad, Irsan, Zainal, Parlindungan
    `),
  oldP: ['Nurhalimah', 'Hotmaida', 'Rosmawati', 'Siti Aisyah', 'Masdelina', 'Nurasiah', 'Darwisah', 'Lenni'],
};

const BUGIS = {
  oldL: list(`
      Syahrir, Arfan, Ilyas, Amiruddin, Syamsuddin, Hasanuddin, Nurdin, Alimuddin, Arham, Rusdi,
      Basri, Ramli, Kadir, Tajuddin, Sappe, Baso, Mappiase, Haeruddin, Jufri, Sudirman
    `),
  oldP: list(`
      Hasnah, Rismawati, Nurfadillah, Tenri, Besse, Musdalifah, Jumriani, Hasmawati, Irmawati,
      Sukmawati, Nurhikmah, Hajrah, Sakinah, Nurhaeda, Ramlah, Marhamah
    `),
  lastL: list(`
      Amir, Hakim, Rahim, Latif, Rasyid, Makmur, Hamzah, Mansyur, Yunus, Lolo, Karim
    `),
  lastP: ['Aminah', 'Halimah', 'Arifah', 'Nurjannah', 'Rahmatia', 'Hasmiah', 'Indriani', 'Syamsiah'],
};

const MELAYU = {
  oldL: ['Tengku', 'Wan', 'Syarif', 'Razali', 'Fadlan', 'Azhar', 'Kamal', 'Hamdan', 'Rosli', 'Syukri'],
  oldP: ['Cik Puan', 'Wan', 'Nurmala', 'Zuraida', 'Rosnani', 'Azizah', 'Norma', 'Salimah'],
  lastL: ['Effendi', 'Rizal', 'Iskandar', 'Zulkarnain', 'Syahbana', 'Ramli', 'Fikri'],
  lastP: ['Ainun', 'Zulaiha', 'Khairani', 'Mastura', 'Rahimah', 'Safiah'],
};

const BATAK = {
  marga: list(`
      Simanjuntak, Hutapea, Sitorus, Panjaitan, Sinaga, Situmorang, Manurung, Simatupang, Pardede,
      Hutagalung, Napitupulu, Siahaan, Silalahi, Tambunan, Pasaribu, Marpaung, Sihombing, Simbolon,
      Sianturi, Gultom, Tampubolon, Hutabarat, Manullang, Samosir, Sagala, Malau, Butarbutar,
      Aritonang, Sirait, Nainggolan, Sitompul, Lumbantobing, Hutauruk, Sihotang, Sembiring, Ginting,
      Tarigan, Sitepu, Purba, Saragih, Damanik, Girsang
    `),
  oldL: list(`
      Togar, Tigor, Poltak, Parulian, Hotman, Bonar, Martua, Sahat, Torang, Binsar, Halomoan, Maruli,
      Jonner, Hisar, Mangasi, Parlin, Marihot, Pangihutan, Gomgom, Dosmar
    `),
  oldP: list(`
      Rosdiana, Tiurma, Romauli, Lasma, Nurmala, Rotua, Sondang, Duma, Hotnida, Masniari, Lamria,
      Tiodora, Rumondang, Erlina, Melva, Hertina
    `),
  youngL: list(`
      Daniel, Yosua, Samuel, Hizkia, Rikardo, Jonathan, Immanuel, Kevin, Gabriel, Christian
    `),
  youngP: ['Debora', 'Ruth', 'Ester', 'Naomi', 'Tiara', 'Grace', 'Yohana', 'Sarah', 'Gloria', 'Clara'],
};

const KRISTIANI_L = list(`
    Yohanes, Stefanus, Paulus, Petrus, Andreas, Markus, Lukas, Matius, Yosef, Fransiskus,
    Agustinus, Benediktus, Kristian, Gabriel, Michael, Rafael, Timotius, Yakobus, Bartolomeus,
    Aloysius, Ignatius, Vinsensius, Kornelius, Emanuel, Natanael, Yeremia, Elia, Filipus, Tomas,
    Simon, Adrianus, Antonius, Dominikus, Florianus, Hendrikus, Leonardus, Robertus, Valentinus
  `);
const KRISTIANI_P = list(`
    Maria, Theresia, Kristina, Veronika, Agnes, Yohana, Elisabeth, Margaretha, Katarina, Fransiska,
    Angelina, Natalia, Priskila, Debora, Lidia, Yuliana, Monika, Stefani, Grace, Cecilia, Yosefina,
    Bernadeta, Anastasia, Magdalena, Regina, Skolastika, Benedikta, Klara, Emerensiana, Lusia,
    Paskalia, Rosalia
  `);

const MINAHASA = {
  fam: list(`
      Wenas, Lumintang, Rumengan, Pangemanan, Tumbelaka, Sondakh, Kaunang, Mandagi, Rondonuwu,
      Walangitan, Supit, Mamahit, Tumewu, Lengkong, Karamoy, Pinontoan, Tambuwun, Runtuwene
    `),
  L: ['Jemmy', 'Ferry', 'Johny', 'Stenly', 'Rocky', 'Hendrik', 'Frangky', 'Jefry', 'Recky', 'Novry'],
  P: ['Meiske', 'Vonny', 'Stella', 'Jeane', 'Olvie', 'Deisy', 'Nancy', 'Lenny', 'Merry', 'Sherly'],
};
const AMBON = {
  fam: list(`
      Pattiasina, Tuhumury, Sahetapy, Pattinama, Matulessy, Latumahina, Wattimena, Pattipeilohy,
      Leiwakabessy, Nanlohy, Tomasoa, Rehatta, Soselisa, Lekatompessy
    `),
  L: ['Jacob', 'Frans', 'Alfred', 'Johanis', 'Marthen', 'Octavianus', 'Rudolf', 'Glenn'],
  P: ['Wilhelmina', 'Johanna', 'Paulina', 'Fransina', 'Jacoba', 'Carolina', 'Marlen', 'Welmince'],
};
const FLORES = {
  fam: list(`
      Da Costa, Fernandez, Parera, Da Silva, Bria, Nahak, Seran, Kewa, Woda, Lewar, Making, Tukan,
      Dasilva, Goran, Hurint, Lamabelawa, Ratu, Naben, Sogen, Wolo, Dopo, Ndona
    `),
};
const JAWA_KRISTEN = {
  fam: list(`
      Susanto, Wijayanto, Kristianto, Nugroho, Setyawan, Hadiwijaya, Prasetya, Santosa, Wibisana
    `),
  famP: ['Rahayu', 'Kristiani', 'Handayani', 'Wulandari', 'Setyowati', 'Purnamasari', 'Susilowati'],
};

const BALI = {
  urutan: {
    1: ['Wayan', 'Putu', 'Gede', 'Luh'],
    2: ['Made', 'Kadek', 'Nengah'],
    3: ['Nyoman', 'Komang'],
    4: ['Ketut'],
  } as Record<number, string[]>,
  L: list(`
      Agus, Surya, Dharma, Adi, Arya, Darma, Eka, Krisna, Sudarsana, Wirawan, Suarjana, Mahendra,
      Artawan, Sukadana, Widiana, Ariawan, Suardana, Astawa, Wiguna, Budiarta, Yasa, Sudiarta,
      Darmawan, Sanjaya, Pradnyana, Mertayasa, Wisnawa, Adnyana
    `),
  P: list(`
      Sri, Ayu, Kartika, Wulan, Ari, Sukmawati, Suastini, Ariani, Sukarmi, Yuliani, Widiastuti,
      Purnamasari, Astiti, Sri Rahayu, Dewi, Sintya, Pratiwi, Anggreni, Suciani, Mirah, Sekarini
    `),
};

const TIONGHOA = {
  fam: list(`
      Wijaya, Halim, Salim, Santoso, Gunawan, Hartanto, Setiadi, Kusuma, Tanujaya, Lim, Tan, Tjandra,
      Lukito, Sugianto, Wibisono, Susanto, Chandra, Hendrawan, Limanto, Tanuwijaya, Sutedja,
      Kurniadi, Widjaja, Hadinata
    `),
  L: list(`
      Hendra, Handoko, Sutanto, Budiman, Hartono, Jonathan, Kevin, Vincent, Steven, Felix, William,
      Edward, Wilson, Ricky, Hengky, Willy, Aldo, Darren, Ivan, Jason, Nicholas
    `),
  P: list(`
      Melinda, Jessica, Cindy, Stefanie, Yenny, Lily, Vivian, Angela, Cynthia, Christine, Fenny,
      Meiliana, Sherly, Evelyn, Gracia, Natasha, Felicia, Jocelyn, Michelle, Valerie
    `),
};

// ---------------------------------------------------------------- generator

export interface NamedPerson {
  nama: string;
  tradisi: Tradisi;
  /** The family part a child inherits (Batak/Minahasa/Ambon/Flores/Tionghoa marga or family name). */
  marga: string | null;
}

export type Era = 'muda' | 'dewasa';

function join(...parts: (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * One name. `era` 'muda' for pupils (born after ~2005), 'dewasa' for staff and parents.
 * `marga` forces the family name (a child of a Batak father carries the father's marga).
 */
export function personName(
  rng: Rng,
  tradisi: Tradisi,
  gender: Gender,
  era: Era,
  marga: string | null = null,
): NamedPerson {
  const L = gender === 'L';
  const young = era === 'muda';
  switch (tradisi) {
    case 'jawa': {
      const first = young
        ? rng.pick(rng.chance(0.7) ? (L ? MODERN_L : MODERN_P) : L ? JAWA.youngL : JAWA.youngP)
        : rng.pick(L ? JAWA.oldL : JAWA.oldP);
      const middle = rng.chance(young ? 0.35 : 0.15) ? rng.pick(L ? MIDDLE_L : MIDDLE_P) : null;
      const last = rng.chance(young ? 0.85 : 0.65) ? rng.pick(L ? JAWA.lastL : JAWA.lastP) : null;
      return { nama: join(first, middle !== first && middle, last), tradisi, marga: null };
    }
    case 'sunda': {
      const first = young
        ? rng.pick(rng.chance(0.65) ? (L ? MODERN_L : MODERN_P) : L ? SUNDA.youngL : SUNDA.youngP)
        : rng.pick(L ? SUNDA.oldL : SUNDA.oldP);
      const middle = young && rng.chance(0.25) ? rng.pick(L ? MIDDLE_L : MIDDLE_P) : null;
      const last = rng.chance(young ? 0.8 : 0.85) ? rng.pick(L ? SUNDA.lastL : SUNDA.lastP) : null;
      return { nama: join(first, middle !== first && middle, last), tradisi, marga: null };
    }
    case 'betawi': {
      const first = young ? rng.pick(L ? MODERN_L : MODERN_P) : rng.pick(L ? BETAWI.oldL : BETAWI.oldP);
      const middle = rng.chance(0.3) ? rng.pick(L ? MIDDLE_L : MIDDLE_P) : null;
      const last = rng.chance(0.7) ? rng.pick(L ? BETAWI.lastL : BETAWI.lastP) : null;
      return { nama: join(first, middle !== first && middle, last), tradisi, marga: null };
    }
    case 'minang': {
      const first = young
        ? rng.pick(L ? MINANG.youngL : MINANG.youngP)
        : rng.pick(L ? MINANG.oldL : MINANG.oldP);
      const last = rng.chance(0.8) ? rng.pick(L ? MINANG.lastL : MINANG.lastP) : null;
      return { nama: join(first, last !== first && last), tradisi, marga: null };
    }
    case 'mandailing': {
      const m = marga ?? rng.pick(MANDAILING.marga);
      const first = young
        ? rng.pick(L ? MODERN_L : MODERN_P)
        : rng.pick(L ? MANDAILING.oldL : MANDAILING.oldP);
      const middle = young && rng.chance(0.3) ? rng.pick(L ? MIDDLE_L : MIDDLE_P) : null;
      return { nama: join(first, middle !== first && middle, m), tradisi, marga: m };
    }
    case 'bugis': {
      const andi = rng.chance(0.15) ? 'Andi' : null;
      const first = young ? rng.pick(L ? MODERN_L : MODERN_P) : rng.pick(L ? BUGIS.oldL : BUGIS.oldP);
      const last = rng.chance(0.75) ? rng.pick(L ? BUGIS.lastL : BUGIS.lastP) : null;
      return { nama: join(andi, first, last), tradisi, marga: null };
    }
    case 'melayu': {
      const first = young ? rng.pick(L ? MODERN_L : MODERN_P) : rng.pick(L ? MELAYU.oldL : MELAYU.oldP);
      const second = young ? rng.pick(L ? MIDDLE_L : MIDDLE_P) : null;
      const last = rng.pick(L ? MELAYU.lastL : MELAYU.lastP);
      return { nama: join(first, second !== first && second, last), tradisi, marga: null };
    }
    case 'batak': {
      const m = marga ?? rng.pick(BATAK.marga);
      const pool = young
        ? rng.chance(0.6)
          ? L
            ? BATAK.youngL
            : BATAK.youngP
          : L
            ? KRISTIANI_L
            : KRISTIANI_P
        : rng.chance(0.6)
          ? L
            ? BATAK.oldL
            : BATAK.oldP
          : L
            ? KRISTIANI_L
            : KRISTIANI_P;
      const first = rng.pick(pool);
      const middle = rng.chance(0.3) ? rng.pick(L ? BATAK.oldL : BATAK.oldP) : null;
      return { nama: join(first, middle !== first && middle, m), tradisi, marga: m };
    }
    case 'minahasa': {
      const m = marga ?? rng.pick(MINAHASA.fam);
      const first = rng.pick(rng.chance(0.5) ? (L ? MINAHASA.L : MINAHASA.P) : L ? KRISTIANI_L : KRISTIANI_P);
      return { nama: join(first, m), tradisi, marga: m };
    }
    case 'ambon': {
      const m = marga ?? rng.pick(AMBON.fam);
      const first = rng.pick(rng.chance(0.5) ? (L ? AMBON.L : AMBON.P) : L ? KRISTIANI_L : KRISTIANI_P);
      return { nama: join(first, m), tradisi, marga: m };
    }
    case 'flores': {
      const m = marga ?? rng.pick(FLORES.fam);
      const first = rng.pick(L ? KRISTIANI_L : KRISTIANI_P);
      const middle = rng.chance(0.35) ? rng.pick(L ? KRISTIANI_L : KRISTIANI_P) : null;
      return { nama: join(first, middle !== first && middle, m), tradisi, marga: m };
    }
    case 'jawaKristen': {
      const first = rng.pick(L ? KRISTIANI_L : KRISTIANI_P);
      const middle = rng.chance(0.4) ? rng.pick(L ? JAWA.youngL : JAWA.youngP) : null;
      const last = rng.pick(L ? JAWA_KRISTEN.fam : JAWA_KRISTEN.famP);
      return { nama: join(first, middle, last), tradisi, marga: null };
    }
    case 'bali': {
      const urutan = rng.weighted([
        [1, 40],
        [2, 30],
        [3, 18],
        [4, 12],
      ] as const);
      const order = rng.pick(
        (BALI.urutan[urutan] ?? ['Wayan']).filter((o) => (L ? o !== 'Luh' : o !== 'Gede')),
      );
      const first = rng.pick(L ? BALI.L : BALI.P);
      const second = rng.chance(0.6) ? rng.pick(L ? BALI.L : BALI.P) : null;
      return {
        nama: join(L ? 'I' : 'Ni', order, first, second !== first && second),
        tradisi,
        marga: null,
      };
    }
    case 'tionghoa': {
      const m = marga ?? rng.pick(TIONGHOA.fam);
      const first = rng.pick(L ? TIONGHOA.L : TIONGHOA.P);
      return { nama: join(first, m), tradisi, marga: m };
    }
  }
}

/** Every given-name pool, for statistics in tests. */
export const NAME_POOL_SIZES = {
  modern: MODERN_L.length + MODERN_P.length,
  batakMarga: BATAK.marga.length,
};

/** Birthplaces that fit a tradition (most pupils in Bekasi were born in Bekasi or Jakarta). */
export const TEMPAT_LAHIR: Record<Tradisi, readonly string[]> = {
  jawa: list(`
      Klaten, Surakarta, Semarang, Purworejo, Kebumen, Yogyakarta, Madiun, Kediri, Tegal
    `),
  sunda: ['Bandung', 'Garut', 'Tasikmalaya', 'Cianjur', 'Karawang', 'Sukabumi', 'Kuningan', 'Sumedang'],
  betawi: ['Jakarta', 'Bekasi', 'Jakarta', 'Tangerang'],
  minang: ['Padang', 'Bukittinggi', 'Payakumbuh', 'Pariaman', 'Solok'],
  mandailing: ['Padangsidimpuan', 'Medan', 'Panyabungan', 'Sipirok'],
  bugis: ['Makassar', 'Watampone', 'Parepare', 'Sengkang', 'Sinjai'],
  melayu: ['Pekanbaru', 'Tanjungpinang', 'Pontianak', 'Medan'],
  batak: ['Medan', 'Pematangsiantar', 'Tarutung', 'Balige', 'Sidikalang', 'Kabanjahe'],
  minahasa: ['Manado', 'Tomohon', 'Bitung', 'Tondano'],
  ambon: ['Ambon', 'Masohi', 'Tual'],
  flores: ['Ende', 'Maumere', 'Kupang', 'Larantuka', 'Ruteng', 'Atambua'],
  jawaKristen: ['Salatiga', 'Magelang', 'Yogyakarta', 'Surakarta', 'Semarang'],
  bali: ['Denpasar', 'Gianyar', 'Tabanan', 'Singaraja', 'Klungkung'],
  tionghoa: ['Jakarta', 'Pontianak', 'Medan', 'Singkawang', 'Semarang'],
};
