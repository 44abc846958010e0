/**
 * Learning outcomes written for the demo school (our own short wording, not the national texts),
 * so a teacher can create tujuan pembelajaran and grade before anyone imports ref_cp*.xlsx.
 * CP per subject and fase (E = grade 10, F = grades 11–12); KD for the subjects of the K13 class.
 */

type Elemen = readonly [elemen: string, deskripsi: string];
export interface CpText {
  E?: readonly Elemen[];
  F?: readonly Elemen[];
}

const agama = (nama: string, kitab: string, ibadah: string): CpText => ({
  E: [
    [
      'Kitab suci',
      `Peserta didik membaca dan memahami pesan pokok ${kitab} yang dipelajari serta mengaitkannya dengan sikap jujur dan tanggung jawab di sekolah.`,
    ],
    [
      'Akhlak',
      `Peserta didik menunjukkan sikap hormat, santun, dan peduli sesama sebagai wujud ajaran ${nama} dalam pergaulan sehari-hari.`,
    ],
    [
      'Ibadah',
      `Peserta didik menjelaskan tata cara ${ibadah} dan membiasakannya dengan tertib dan penuh kesadaran.`,
    ],
  ],
  F: [
    [
      'Kitab suci dan ajaran',
      `Peserta didik menganalisis nilai-nilai ${kitab} yang relevan dengan dunia kerja, seperti amanah, disiplin, dan kerja keras.`,
    ],
    [
      'Akhlak dan etika kerja',
      `Peserta didik menerapkan etika ${nama} dalam bekerja sama, menghargai perbedaan, dan menyelesaikan konflik secara damai.`,
    ],
    [
      'Sejarah dan keteladanan',
      `Peserta didik meneladani tokoh-tokoh ${nama} dalam membangun masyarakat yang adil dan rukun.`,
    ],
  ],
});

export const CP_TEXTS: Record<number, CpText> = {
  100011070: agama('agama Islam', 'ayat-ayat Al-Qur’an dan hadis', 'salat, zakat, dan puasa'),
  100012050: agama('agama Kristen', 'Alkitab', 'doa, persekutuan, dan ibadah jemaat'),
  100013010: agama('agama Katolik', 'Kitab Suci dan ajaran Gereja', 'doa pribadi, doa bersama, dan Ekaristi'),
  100015010: agama('agama Hindu', 'kitab suci Weda', 'persembahyangan Tri Sandhya dan yadnya'),
  100014140: agama('agama Buddha', 'Tipitaka', 'puja bakti dan meditasi'),
  100016010: agama('agama Khonghucu', 'Kitab Su Si', 'sembahyang dan upacara keagamaan'),
  200010300: {
    E: [
      [
        'Pancasila',
        'Peserta didik menganalisis kedudukan Pancasila sebagai dasar negara dan menerapkan nilainya di lingkungan sekolah.',
      ],
      [
        'Undang-Undang Dasar 1945',
        'Peserta didik menjelaskan hak dan kewajiban warga negara menurut UUD 1945 dan contoh pelaksanaannya.',
      ],
      [
        'Bhinneka Tunggal Ika',
        'Peserta didik menghargai keberagaman suku, agama, dan budaya sebagai kekuatan bangsa.',
      ],
    ],
    F: [
      [
        'Pancasila',
        'Peserta didik mengevaluasi penerapan nilai Pancasila dalam kebijakan publik dan kehidupan di tempat kerja.',
      ],
      [
        'Negara Kesatuan Republik Indonesia',
        'Peserta didik menganalisis ancaman terhadap persatuan bangsa dan merumuskan cara menghadapinya.',
      ],
      [
        'Bhinneka Tunggal Ika',
        'Peserta didik mempromosikan sikap toleran dan anti-diskriminasi di lingkungan sekolah dan masyarakat.',
      ],
    ],
  },
  300110000: {
    E: [
      [
        'Menyimak',
        'Peserta didik menyimak paparan lisan dan audio-visual, lalu menyimpulkan gagasan utama dan sudut pandang pembicara.',
      ],
      [
        'Membaca dan memirsa',
        'Peserta didik memahami teks deskripsi, laporan hasil observasi, dan berita, serta menilai keakuratan informasinya.',
      ],
      [
        'Menulis',
        'Peserta didik menulis teks laporan dan surat resmi sederhana dengan ejaan dan tata bahasa yang tepat.',
      ],
    ],
    F: [
      [
        'Membaca dan memirsa',
        'Peserta didik mengevaluasi teks eksposisi, argumentasi, dan prosedur kerja yang berkaitan dengan bidang keahliannya.',
      ],
      [
        'Berbicara dan mempresentasikan',
        'Peserta didik mempresentasikan gagasan dan hasil kerja secara runtut, santun, dan meyakinkan.',
      ],
      [
        'Menulis',
        'Peserta didik menulis surat lamaran kerja, daftar riwayat hidup, dan laporan kegiatan secara efektif.',
      ],
    ],
  },
  500010000: {
    E: [
      [
        'Keterampilan gerak',
        'Peserta didik mempraktikkan teknik dasar permainan bola besar dan bola kecil dengan koordinasi yang baik.',
      ],
      [
        'Kebugaran jasmani',
        'Peserta didik menyusun dan menjalankan latihan kebugaran sederhana untuk kekuatan, kelenturan, dan daya tahan.',
      ],
      [
        'Pola hidup sehat',
        'Peserta didik menjelaskan bahaya rokok, minuman keras, dan narkoba serta cara menghindarinya.',
      ],
    ],
    F: [
      [
        'Keterampilan gerak',
        'Peserta didik menerapkan strategi menyerang dan bertahan dalam permainan beregu secara sportif.',
      ],
      [
        'Kesehatan kerja',
        'Peserta didik menerapkan postur kerja yang ergonomis dan pencegahan cedera di tempat kerja.',
      ],
    ],
  },
  401230000: {
    E: [
      [
        'Pemahaman konsep sejarah',
        'Peserta didik menjelaskan konsep waktu, ruang, perubahan, dan keberlanjutan dalam peristiwa sejarah.',
      ],
      [
        'Keterampilan proses sejarah',
        'Peserta didik menelusuri sumber sejarah lokal Bekasi dan menuliskannya secara sederhana.',
      ],
    ],
    F: [
      [
        'Pemahaman konsep sejarah',
        'Peserta didik menganalisis perjuangan mempertahankan kemerdekaan dan perkembangan Indonesia setelahnya.',
      ],
      [
        'Kesadaran sejarah',
        'Peserta didik mengaitkan sejarah perkembangan industri di Indonesia dengan bidang keahliannya.',
      ],
    ],
  },
  700109000: {
    E: [
      [
        'Mengalami',
        'Peserta didik mengenali unsur musik seperti irama, melodi, dan harmoni pada lagu daerah dan lagu populer.',
      ],
      [
        'Berkarya',
        'Peserta didik memainkan lagu sederhana secara berkelompok dengan alat musik ritmis dan melodis.',
      ],
    ],
  },
  700121000: {
    E: [
      ['Mengalami', 'Peserta didik mengamati unsur dan prinsip seni rupa pada karya di lingkungan sekitar.'],
      [
        'Berkarya',
        'Peserta didik membuat karya seni rupa dua dimensi dengan teknik dan bahan yang dipilihnya sendiri.',
      ],
    ],
  },
  700110000: {
    E: [
      ['Mengalami', 'Peserta didik mengenali ragam gerak tari tradisional Jawa Barat dan maknanya.'],
      [
        'Berkarya',
        'Peserta didik menampilkan tari kreasi sederhana secara berkelompok dengan iringan musik.',
      ],
    ],
  },
  700122000: {
    E: [
      [
        'Mengalami',
        'Peserta didik mengenali unsur pementasan teater seperti naskah, pemeranan, dan tata panggung.',
      ],
      [
        'Berkarya',
        'Peserta didik memerankan tokoh dalam adegan pendek dengan vokal dan ekspresi yang tepat.',
      ],
    ],
  },
  300311900: {
    E: [
      [
        'Menyimak dan berbicara',
        'Peserta didik memahami dan menggunakan bahasa Sunda yang santun (undak usuk basa) dalam percakapan sehari-hari.',
      ],
      [
        'Membaca dan menulis',
        'Peserta didik membaca dan menulis teks pendek berbahasa Sunda, termasuk aksara Sunda dasar.',
      ],
    ],
    F: [
      [
        'Apresiasi sastra',
        'Peserta didik mengapresiasi carpon dan sajak Sunda serta menceritakan kembali isinya.',
      ],
      ['Menulis', 'Peserta didik menulis teks pidato dan laporan kegiatan dalam bahasa Sunda yang baik.'],
    ],
  },
  401000000: {
    E: [
      [
        'Bilangan',
        'Peserta didik menggeneralisasi sifat eksponen dan logaritma serta memakainya untuk masalah bunga dan pertumbuhan.',
      ],
      [
        'Aljabar dan fungsi',
        'Peserta didik menyelesaikan masalah kontekstual dengan sistem persamaan dan pertidaksamaan linear.',
      ],
      [
        'Analisis data dan peluang',
        'Peserta didik menyajikan dan menafsirkan data dalam tabel, diagram, serta ukuran pemusatan.',
      ],
    ],
    F: [
      [
        'Aljabar dan fungsi',
        'Peserta didik memodelkan masalah dunia kerja dengan fungsi kuadrat dan barisan deret.',
      ],
      [
        'Geometri',
        'Peserta didik menghitung luas dan volume bangun ruang untuk perencanaan kerja di bidang keahliannya.',
      ],
      [
        'Analisis data dan peluang',
        'Peserta didik menghitung peluang kejadian dan menggunakannya untuk mengambil keputusan sederhana.',
      ],
    ],
  },
  300210000: {
    E: [
      [
        'Listening and speaking',
        'Peserta didik bertukar informasi tentang diri, keluarga, dan sekolah secara lisan dalam bahasa Inggris sederhana.',
      ],
      [
        'Reading and viewing',
        'Peserta didik memahami teks deskriptif, prosedur, dan pengumuman pendek berbahasa Inggris.',
      ],
      [
        'Writing and presenting',
        'Peserta didik menulis paragraf deskriptif dan e-mail sederhana dengan tata bahasa yang tepat.',
      ],
    ],
    F: [
      [
        'Listening and speaking',
        'Peserta didik berkomunikasi di lingkungan kerja, misalnya menerima tamu, telepon, dan memberi instruksi.',
      ],
      [
        'Reading and viewing',
        'Peserta didik memahami manual, spesifikasi produk, dan iklan lowongan kerja berbahasa Inggris.',
      ],
      [
        'Writing and presenting',
        'Peserta didik menulis surat lamaran dan laporan singkat dalam bahasa Inggris.',
      ],
    ],
  },
  700106100: {
    E: [
      [
        'Berpikir komputasional',
        'Peserta didik menerapkan dekomposisi, pengenalan pola, dan algoritma untuk menyelesaikan persoalan sehari-hari.',
      ],
      [
        'Teknologi informasi dan komunikasi',
        'Peserta didik memanfaatkan aplikasi perkantoran dan layanan daring secara efektif dan aman.',
      ],
      [
        'Dampak sosial informatika',
        'Peserta didik menjelaskan etika digital, hak cipta, dan perlindungan data pribadi.',
      ],
    ],
  },
  401901000: {
    E: [
      [
        'Pemahaman sains',
        'Peserta didik menjelaskan fenomena alam dan sosial di sekitar sekolah dengan konsep energi, zat, dan interaksi manusia.',
      ],
      [
        'Keterampilan proses',
        'Peserta didik merancang penyelidikan sederhana, mengumpulkan data, dan menyimpulkan hasilnya dalam proyek.',
      ],
    ],
  },
  800000122: {
    E: [
      [
        'Proses bisnis bidang jaringan',
        'Peserta didik memahami alur layanan jaringan komputer dan telekomunikasi, dari pemesanan hingga perawatan.',
      ],
      [
        'Perkembangan teknologi jaringan',
        'Peserta didik menjelaskan perkembangan teknologi jaringan kabel, nirkabel, dan seluler.',
      ],
      ['Keselamatan kerja', 'Peserta didik menerapkan K3LH saat memasang dan memeriksa perangkat jaringan.'],
    ],
  },
  800000121: {
    E: [
      [
        'Proses bisnis pengembangan perangkat lunak',
        'Peserta didik memahami tahapan pembuatan perangkat lunak dan gim, dari analisis kebutuhan hingga rilis.',
      ],
      [
        'Dasar pemrograman',
        'Peserta didik menyusun algoritma dan program sederhana dengan percabangan dan perulangan.',
      ],
      [
        'Profesi dan kewirausahaan',
        'Peserta didik mengenali profesi di industri perangkat lunak dan gim serta peluang usahanya.',
      ],
    ],
  },
  800000139: {
    E: [
      [
        'Proses bisnis akuntansi',
        'Peserta didik memahami siklus akuntansi perusahaan jasa dan dagang secara menyeluruh.',
      ],
      [
        'Etika profesi',
        'Peserta didik menerapkan etika profesi akuntan: jujur, teliti, dan menjaga kerahasiaan data keuangan.',
      ],
      [
        'Dasar akuntansi',
        'Peserta didik mencatat transaksi ke dalam jurnal umum dan buku besar dengan benar.',
      ],
    ],
  },
  800000138: {
    E: [
      [
        'Proses bisnis perkantoran',
        'Peserta didik memahami alur kerja administrasi perkantoran dan layanan bisnis.',
      ],
      [
        'Komunikasi di tempat kerja',
        'Peserta didik berkomunikasi lisan dan tertulis secara profesional dengan pelanggan dan rekan kerja.',
      ],
      ['Pengelolaan arsip', 'Peserta didik mengelola surat masuk dan keluar serta arsip sesuai prosedur.'],
    ],
  },
  800000216: {
    F: [
      [
        'Perencanaan jaringan',
        'Peserta didik merancang topologi jaringan kantor kecil beserta pengalamatan IP-nya.',
      ],
      [
        'Administrasi server',
        'Peserta didik memasang dan mengonfigurasi layanan server seperti DHCP, DNS, dan web.',
      ],
      ['Keamanan jaringan', 'Peserta didik menerapkan firewall dan hak akses untuk melindungi jaringan.'],
    ],
  },
  802020910: {
    F: [
      ['Routing', 'Peserta didik mengonfigurasi routing statis dan dinamis pada jaringan antarkantor.'],
      ['VLAN dan nirkabel', 'Peserta didik membagi jaringan dengan VLAN dan memasang titik akses nirkabel.'],
    ],
  },
  802020920: {
    F: [
      [
        'Sistem operasi jaringan',
        'Peserta didik memasang sistem operasi server dan mengelola pengguna serta layanan.',
      ],
      ['Pemantauan', 'Peserta didik memantau kinerja server dan membuat laporan gangguan.'],
    ],
  },
  802021900: {
    F: [
      ['Layanan VoIP', 'Peserta didik memasang dan menguji layanan telepon berbasis internet.'],
      [
        'Layanan multimedia',
        'Peserta didik mengonfigurasi layanan streaming dan konferensi video pada jaringan lokal.',
      ],
    ],
  },
  800000213: {
    F: [
      ['Basis data', 'Peserta didik merancang dan membuat basis data relasional beserta kuerinya.'],
      [
        'Pemrograman berorientasi objek',
        'Peserta didik membuat aplikasi dengan kelas, objek, pewarisan, dan antarmuka.',
      ],
      ['Pemrograman web', 'Peserta didik membangun aplikasi web dinamis yang terhubung ke basis data.'],
    ],
  },
  802020400: {
    F: [
      ['Perancangan basis data', 'Peserta didik membuat diagram ER dan menormalkan tabel.'],
      ['SQL', 'Peserta didik menulis kueri SQL untuk memilih, menambah, mengubah, dan menghapus data.'],
    ],
  },
  802010400: {
    F: [
      ['Konsep objek', 'Peserta didik menerapkan enkapsulasi, pewarisan, dan polimorfisme dalam program.'],
      ['Aplikasi desktop', 'Peserta didik membuat aplikasi desktop dengan antarmuka grafis sederhana.'],
    ],
  },
  802010710: {
    F: [
      ['Aplikasi web', 'Peserta didik membuat halaman web responsif dengan HTML, CSS, dan JavaScript.'],
      ['Aplikasi bergerak', 'Peserta didik membuat aplikasi bergerak sederhana yang memakai layanan API.'],
    ],
  },
  800000252: {
    F: [
      ['Akuntansi keuangan', 'Peserta didik menyusun laporan keuangan perusahaan dagang dan manufaktur.'],
      ['Akuntansi berbasis komputer', 'Peserta didik mengolah transaksi dengan aplikasi akuntansi.'],
      ['Perpajakan', 'Peserta didik menghitung dan melaporkan PPh dan PPN sederhana.'],
    ],
  },
  401251030: {
    F: [
      [
        'Aset dan kewajiban',
        'Peserta didik mencatat transaksi aset tetap, persediaan, dan utang jangka panjang.',
      ],
      ['Laporan keuangan', 'Peserta didik menyusun laporan laba rugi, perubahan ekuitas, dan neraca.'],
    ],
  },
  401251040: {
    F: [
      ['Pengaturan data', 'Peserta didik mengatur data awal perusahaan di aplikasi akuntansi.'],
      ['Pengolahan transaksi', 'Peserta didik memasukkan transaksi dan mencetak laporan dari aplikasi.'],
    ],
  },
  401251060: {
    F: [
      ['Pajak penghasilan', 'Peserta didik menghitung PPh Pasal 21 karyawan.'],
      ['Pajak pertambahan nilai', 'Peserta didik membuat faktur pajak dan menghitung PPN terutang.'],
    ],
  },
  800000248: {
    F: [
      [
        'Pengelolaan kepegawaian',
        'Peserta didik mengelola data pegawai, presensi, dan cuti dengan aplikasi.',
      ],
      [
        'Pengelolaan keuangan kantor',
        'Peserta didik mengelola kas kecil dan membuat laporan pengeluaran kantor.',
      ],
      ['Layanan pelanggan', 'Peserta didik melayani pelanggan dan menangani keluhan secara profesional.'],
    ],
  },
  828070200: {
    F: [
      ['Administrasi pegawai', 'Peserta didik menyusun berkas pegawai dari perekrutan hingga pemberhentian.'],
      ['Penilaian kinerja', 'Peserta didik menyiapkan format penilaian kinerja dan rekapitulasinya.'],
    ],
  },
  828080200: {
    F: [
      ['Kas kecil', 'Peserta didik mencatat dan mempertanggungjawabkan kas kecil.'],
      ['Anggaran', 'Peserta didik menyusun anggaran kegiatan kantor sederhana.'],
    ],
  },
  600070200: {
    F: [
      [
        'Peluang usaha',
        'Peserta didik menganalisis peluang usaha dari produk atau jasa di bidang keahliannya.',
      ],
      [
        'Perencanaan produk',
        'Peserta didik merancang produk dan rencana usaha beserta perhitungan biayanya.',
      ],
      ['Pemasaran', 'Peserta didik memasarkan produk secara daring dan luring serta mengevaluasi hasilnya.'],
    ],
  },
  800001000: {
    F: [
      [
        'Penerapan soft skills',
        'Peserta didik menunjukkan disiplin, komunikasi yang baik, dan tanggung jawab selama bekerja di dunia kerja.',
      ],
      [
        'Penerapan kompetensi teknis',
        'Peserta didik menerapkan keterampilan teknis bidang keahliannya sesuai prosedur kerja tempat PKL.',
      ],
      ['Keselamatan kerja', 'Peserta didik mematuhi K3LH dan budaya kerja di tempat PKL.'],
    ],
  },
  401002000: {
    F: [
      [
        'Vektor dan matriks',
        'Peserta didik menggunakan operasi vektor dan matriks untuk menyelesaikan masalah teknik.',
      ],
      ['Kalkulus', 'Peserta didik memahami turunan fungsi dan memakainya untuk masalah optimasi.'],
    ],
  },
  300230000: {
    F: [
      [
        'Academic reading',
        'Peserta didik membaca artikel ilmiah populer berbahasa Inggris dan meringkasnya.',
      ],
      ['Presentation', 'Peserta didik mempresentasikan proyek dalam bahasa Inggris dengan lancar.'],
    ],
  },
  300310400: {
    F: [
      [
        'Menyimak dan berbicara',
        'Peserta didik memperkenalkan diri dan bercakap sederhana di tempat kerja dalam bahasa Jepang.',
      ],
      ['Membaca dan menulis', 'Peserta didik membaca dan menulis hiragana, katakana, dan kanji dasar.'],
    ],
  },
  300310600: {
    F: [
      [
        'Menyimak dan berbicara',
        'Peserta didik bercakap sederhana tentang kegiatan sehari-hari dalam bahasa Korea.',
      ],
      ['Membaca dan menulis', 'Peserta didik membaca dan menulis kalimat pendek dengan huruf Hangeul.'],
    ],
  },
  300310700: {
    F: [
      [
        'Menyimak dan berbicara',
        'Peserta didik bercakap sederhana dalam bahasa Mandarin dengan nada yang tepat.',
      ],
      ['Membaca dan menulis', 'Peserta didik membaca pinyin dan menulis aksara Han dasar.'],
    ],
  },
  401250100: {
    F: [
      ['Konsep ekonomi', 'Peserta didik menganalisis permintaan, penawaran, dan pembentukan harga pasar.'],
      [
        'Ekonomi dan dunia usaha',
        'Peserta didik menjelaskan peran pelaku ekonomi dan lembaga keuangan bagi dunia usaha.',
      ],
    ],
  },
};

/** KD (K13 REV, kurikulum 2017) for the subjects of the K13 class: [pengetahuan 3.x, keterampilan 4.x]. */
export const KD_TEXTS: Record<number, readonly [readonly string[], readonly string[]]> = {
  100011070: [
    [
      'Menganalisis makna ayat tentang kerja keras dan kejujuran',
      'Memahami ketentuan muamalah dalam dunia usaha',
    ],
    ['Membaca ayat tentang kerja keras dengan tartil', 'Menyajikan contoh muamalah yang sesuai syariat'],
  ],
  100012050: [
    [
      'Menganalisis ajaran Alkitab tentang kerja dan pelayanan',
      'Memahami peran gereja dalam masyarakat majemuk',
    ],
    [
      'Menyajikan refleksi tentang kerja sebagai pelayanan',
      'Menyusun rencana aksi pelayanan di lingkungan sekitar',
    ],
  ],
  100013010: [
    [
      'Memahami ajaran Gereja tentang martabat kerja',
      'Memahami tanggung jawab umat Katolik dalam masyarakat',
    ],
    ['Menyajikan refleksi tentang martabat kerja', 'Melakukan aksi nyata kepedulian sosial'],
  ],
  100015010: [
    ['Memahami ajaran Karma Yoga', 'Memahami nilai Tri Hita Karana dalam kehidupan'],
    ['Menyajikan contoh penerapan Karma Yoga', 'Menerapkan Tri Hita Karana di lingkungan sekolah'],
  ],
  100014140: [
    ['Memahami Jalan Mulia Berunsur Delapan', 'Memahami etika kerja menurut ajaran Buddha'],
    ['Menyajikan penerapan Jalan Mulia dalam kehidupan', 'Mempraktikkan meditasi untuk ketenangan bekerja'],
  ],
  100016010: [
    ['Memahami ajaran tentang bakti dan kesusilaan', 'Memahami nilai kerja keras dalam ajaran Khonghucu'],
    ['Menyajikan contoh perilaku bakti', 'Menerapkan nilai kerja keras dalam kegiatan sekolah'],
  ],
  200010000: [
    [
      'Menganalisis kasus pelanggaran hak dan pengingkaran kewajiban',
      'Menganalisis sistem hukum dan peradilan di Indonesia',
    ],
    ['Menyajikan hasil analisis kasus pelanggaran hak', 'Menyajikan bagan alur peradilan di Indonesia'],
  ],
  300110000: [
    ['Menganalisis isi surat lamaran pekerjaan', 'Menganalisis struktur dan kebahasaan artikel'],
    ['Menyusun surat lamaran pekerjaan', 'Menulis artikel sesuai bidang keahlian'],
  ],
  300210000: [
    ['Menganalisis fungsi sosial teks surat lamaran kerja', 'Menganalisis teks prosedur manual'],
    ['Menyusun surat lamaran kerja dalam bahasa Inggris', 'Menyusun teks prosedur penggunaan alat'],
  ],
  401000000: [
    ['Menentukan nilai limit fungsi aljabar', 'Menentukan turunan fungsi aljabar'],
    [
      'Menyelesaikan masalah yang berkaitan dengan limit fungsi',
      'Menyelesaikan masalah optimasi dengan turunan',
    ],
  ],
  600070100: [
    ['Menganalisis peluang usaha produk jasa jaringan', 'Menentukan biaya produksi dan harga jual'],
    ['Membuat rencana usaha jasa jaringan', 'Menghitung titik impas usaha'],
  ],
  802020910: [
    ['Mengevaluasi VLAN pada jaringan', 'Menganalisis routing dinamis'],
    ['Mengonfigurasi VLAN', 'Mengonfigurasi routing dinamis OSPF'],
  ],
  802020920: [
    ['Mengevaluasi server monitoring', 'Menganalisis sistem kontrol dan monitoring'],
    ['Mengonfigurasi server monitoring', 'Membuat laporan hasil monitoring'],
  ],
  802021900: [
    ['Menganalisis prinsip kerja PBX', 'Menganalisis layanan VoIP'],
    ['Mengonfigurasi PBX server', 'Menguji layanan VoIP'],
  ],
};
