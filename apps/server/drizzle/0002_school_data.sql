CREATE TABLE "ref_agama" (
	"id" integer PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"created_at" timestamp,
	"updated_at" timestamp,
	"deleted_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_capaian_pembelajaran" (
	"cp_id" integer PRIMARY KEY NOT NULL,
	"mata_pelajaran_id" integer NOT NULL,
	"kelas" smallint,
	"fase" varchar(1) NOT NULL,
	"kurikulum" smallint,
	"kompetensi_id" smallint,
	"elemen" text NOT NULL,
	"deskripsi" text NOT NULL,
	"aktif" smallint DEFAULT 1 NOT NULL,
	"is_dir" smallint DEFAULT 1 NOT NULL,
	"sekolah_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_gelar_akademik" (
	"gelar_akademik_id" integer PRIMARY KEY NOT NULL,
	"kode" varchar(32) NOT NULL,
	"nama" varchar(100),
	"posisi_gelar" smallint NOT NULL,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp,
	"created_at" timestamp,
	"updated_at" timestamp,
	"deleted_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_jabatan_ptk" (
	"jabatan_ptk_id" integer PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"jabatan_utama" smallint,
	"tugas_tambahan_guru" smallint,
	"jumlah_jam_diakui" smallint,
	"harus_refer_unit_org" smallint,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_jenis_ptk" (
	"jenis_ptk_id" integer PRIMARY KEY NOT NULL,
	"jenis_ptk" varchar(100) NOT NULL,
	"guru_kelas" smallint,
	"guru_matpel" smallint,
	"guru_bk" smallint,
	"guru_inklusi" smallint,
	"guru_pengganti" smallint,
	"pengawas_satdik" smallint,
	"pengawas_plb" smallint,
	"pengawas_matpel" smallint,
	"pengawas_bidang" smallint,
	"tas" smallint,
	"tendik_lainnya" smallint,
	"formal" smallint,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_jurusan" (
	"jurusan_id" varchar(25) PRIMARY KEY NOT NULL,
	"nama_jurusan" text NOT NULL,
	"untuk_sma" smallint,
	"untuk_smk" smallint,
	"untuk_pt" smallint,
	"untuk_slb" smallint,
	"untuk_smklb" smallint,
	"jenjang_pendidikan_id" smallint,
	"jurusan_induk" varchar(25),
	"level_bidang_id" varchar(8),
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_kelompok" (
	"id" integer PRIMARY KEY NOT NULL,
	"nama_kelompok" varchar(100) NOT NULL,
	"kurikulum" smallint NOT NULL,
	"created_at" timestamp,
	"updated_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_kompetensi_dasar" (
	"kompetensi_dasar_id" uuid PRIMARY KEY NOT NULL,
	"id_kompetensi" text NOT NULL,
	"kompetensi_id" smallint NOT NULL,
	"mata_pelajaran_id" integer NOT NULL,
	"kelas_10" smallint,
	"kelas_11" smallint,
	"kelas_12" smallint,
	"kelas_13" smallint,
	"id_kompetensi_nas" varchar(32),
	"kompetensi_dasar" text NOT NULL,
	"kompetensi_dasar_alias" text,
	"user_id" uuid,
	"aktif" smallint DEFAULT 1 NOT NULL,
	"kurikulum" smallint NOT NULL,
	"created_at" timestamp,
	"updated_at" timestamp,
	"deleted_at" timestamp,
	"last_sync" timestamp,
	"sekolah_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ref_kurikulum" (
	"kurikulum_id" integer PRIMARY KEY NOT NULL,
	"nama_kurikulum" text NOT NULL,
	"mulai_berlaku" date,
	"sistem_sks" smallint,
	"total_sks" smallint,
	"jenjang_pendidikan_id" smallint,
	"jurusan_id" varchar(25),
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_level_wilayah" (
	"id_level_wilayah" smallint PRIMARY KEY NOT NULL,
	"level_wilayah" varchar(50) NOT NULL,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_mata_pelajaran" (
	"mata_pelajaran_id" integer PRIMARY KEY NOT NULL,
	"nama" text NOT NULL,
	"pilihan_sekolah" smallint,
	"pilihan_buku" smallint,
	"pilihan_kepengawasan" smallint,
	"pilihan_evaluasi" smallint,
	"jurusan_id" varchar(25),
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_mata_pelajaran_kurikulum" (
	"kurikulum_id" integer NOT NULL,
	"mata_pelajaran_id" integer NOT NULL,
	"tingkat_pendidikan_id" smallint NOT NULL,
	"jumlah_jam" smallint,
	"jumlah_jam_maksimum" smallint,
	"status_di_kurikulum" smallint,
	"wajib" smallint,
	"sks" smallint,
	"a_peminatan" smallint,
	"area_kompetensi" varchar(8),
	"gmp_id" varchar(36),
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp,
	CONSTRAINT "ref_mata_pelajaran_kurikulum_pk" PRIMARY KEY("kurikulum_id","mata_pelajaran_id","tingkat_pendidikan_id")
);
--> statement-breakpoint
CREATE TABLE "ref_mst_wilayah" (
	"kode_wilayah" varchar(8) PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"id_level_wilayah" smallint NOT NULL,
	"mst_kode_wilayah" varchar(8),
	"negara_id" varchar(2),
	"asal_wilayah" varchar(8),
	"kode_bps" varchar(16),
	"kode_dagri" varchar(16),
	"kode_keu" varchar(16),
	"id_prov" varchar(16),
	"id_kabkota" varchar(16),
	"id_kec" varchar(16),
	"a_desa" smallint,
	"a_kelurahan" smallint,
	"a_35" smallint,
	"a_urban" smallint,
	"kategori_desa_id" smallint,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_negara" (
	"negara_id" varchar(2) PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"luar_negeri" smallint,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_p5_dimensi" (
	"no" smallint PRIMARY KEY NOT NULL,
	"dimensi" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_p5_elemen" (
	"no" smallint PRIMARY KEY NOT NULL,
	"kode_dimensi" smallint NOT NULL,
	"elemen" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_p5_opsi" (
	"opsi_id" smallint PRIMARY KEY NOT NULL,
	"kode" varchar(8) NOT NULL,
	"nama" varchar(100) NOT NULL,
	"deskripsi" text,
	"warna" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "ref_p5_sub_elemen" (
	"no" smallint PRIMARY KEY NOT NULL,
	"kode_dimensi" smallint NOT NULL,
	"kode_elemen" smallint NOT NULL,
	"sub_elemen" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_pekerjaan" (
	"pekerjaan_id" integer PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"a_wirausaha" smallint,
	"a_pejabat_publik" smallint,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_status_kepegawaian" (
	"status_kepegawaian_id" integer PRIMARY KEY NOT NULL,
	"nama" varchar(100) NOT NULL,
	"create_date" timestamp,
	"last_update" timestamp,
	"expired_date" timestamp,
	"last_sync" timestamp
);
--> statement-breakpoint
CREATE TABLE "ref_teknik_penilaian" (
	"teknik_penilaian_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid,
	"kompetensi_id" smallint NOT NULL,
	"nama" varchar(100) NOT NULL,
	"bobot" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ref_teknik_penilaian_key" UNIQUE NULLS NOT DISTINCT("sekolah_id","kompetensi_id","nama")
);
--> statement-breakpoint
CREATE TABLE "akt_pd" (
	"akt_pd_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"akt_pd_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"mou_id" uuid NOT NULL,
	"id_jns_akt_pd" smallint,
	"judul_akt_pd" text NOT NULL,
	"sk_tugas" text,
	"tgl_sk_tugas" date,
	"ket_akt" text,
	"a_komunal" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "akt_pd_akt_pd_id_dapodik_unique" UNIQUE("akt_pd_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "anggota_akt_pd" (
	"anggota_akt_pd_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anggota_akt_pd_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"akt_pd_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"nm_pd" text,
	"nipd" varchar(32),
	"jns_peran_pd" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anggota_akt_pd_anggota_akt_pd_id_dapodik_unique" UNIQUE("anggota_akt_pd_id_dapodik"),
	CONSTRAINT "anggota_akt_pd_akt_pd_pd" UNIQUE("akt_pd_id","peserta_didik_id")
);
--> statement-breakpoint
CREATE TABLE "anggota_rombel" (
	"anggota_rombel_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anggota_rombel_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"jenis_pendaftaran_id" smallint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anggota_rombel_anggota_rombel_id_dapodik_unique" UNIQUE("anggota_rombel_id_dapodik"),
	CONSTRAINT "anggota_rombel_rombel_pd" UNIQUE("rombongan_belajar_id","peserta_didik_id")
);
--> statement-breakpoint
CREATE TABLE "bimbing_pd" (
	"bimbing_pd_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bimbing_pd_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"akt_pd_id" uuid NOT NULL,
	"guru_id" uuid NOT NULL,
	"urutan_pembimbing" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bimbing_pd_bimbing_pd_id_dapodik_unique" UNIQUE("bimbing_pd_id_dapodik"),
	CONSTRAINT "bimbing_pd_akt_pd_guru" UNIQUE("akt_pd_id","guru_id")
);
--> statement-breakpoint
CREATE TABLE "dudi" (
	"dudi_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dudi_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"nama" text NOT NULL,
	"bidang_usaha_id" varchar(16),
	"nama_bidang_usaha" text,
	"alamat_jalan" text,
	"rt" varchar(4),
	"rw" varchar(4),
	"nama_dusun" text,
	"desa_kelurahan" text,
	"kode_wilayah" varchar(8),
	"kode_pos" varchar(8),
	"lintang" text,
	"bujur" text,
	"nomor_telepon" varchar(32),
	"nomor_fax" varchar(32),
	"email" text,
	"website" text,
	"npwp" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dudi_dudi_id_dapodik_unique" UNIQUE("dudi_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "ekstrakurikuler" (
	"ekstrakurikuler_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ekstrakurikuler_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"nama_ekskul" varchar(100) NOT NULL,
	"guru_id" uuid,
	"nama_ketua" text,
	"nomor_kontak" varchar(32),
	"alamat_ekskul" text,
	"rombongan_belajar_id" uuid,
	"is_dapodik" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ekstrakurikuler_ekstrakurikuler_id_dapodik_unique" UNIQUE("ekstrakurikuler_id_dapodik"),
	CONSTRAINT "ekstrakurikuler_rombel" UNIQUE("rombongan_belajar_id")
);
--> statement-breakpoint
CREATE TABLE "gelar_ptk" (
	"gelar_ptk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gelar_ptk_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"guru_id" uuid NOT NULL,
	"gelar_akademik_id" integer NOT NULL,
	"no_urut" smallint DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gelar_ptk_gelar_ptk_id_dapodik_unique" UNIQUE("gelar_ptk_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "guru" (
	"guru_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guru_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"nama" text NOT NULL,
	"nuptk" varchar(32),
	"nip" varchar(32),
	"nik" varchar(16),
	"jenis_kelamin" varchar(1),
	"tempat_lahir" text,
	"tanggal_lahir" date,
	"jenis_ptk_id" smallint NOT NULL,
	"agama_id" smallint,
	"status_kepegawaian_id" smallint,
	"jabatan_ptk_id" smallint,
	"alamat" text,
	"rt" varchar(4),
	"rw" varchar(4),
	"desa_kelurahan" text,
	"kecamatan" text,
	"kode_wilayah" varchar(8),
	"kode_pos" varchar(8),
	"no_hp" varchar(32),
	"email" text,
	"dudi_id" uuid,
	"is_dapodik" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guru_guru_id_dapodik_unique" UNIQUE("guru_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "jurusan_sp" (
	"jurusan_sp_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"jurusan_sp_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"jurusan_id" varchar(25) NOT NULL,
	"nama_jurusan_sp" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jurusan_sp_jurusan_sp_id_dapodik_unique" UNIQUE("jurusan_sp_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "mou" (
	"mou_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mou_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"dudi_id" uuid NOT NULL,
	"id_jns_ks" smallint,
	"nomor_mou" text,
	"judul_mou" text,
	"tanggal_mulai" date,
	"tanggal_selesai" date,
	"nama_dudi" text,
	"npwp_dudi" varchar(32),
	"nama_bidang_usaha" text,
	"telp_kantor" varchar(32),
	"fax" varchar(32),
	"contact_person" text,
	"telp_cp" varchar(32),
	"jabatan_cp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mou_mou_id_dapodik_unique" UNIQUE("mou_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "pd_keluar" (
	"pd_keluar_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"jenis_keluar_id" smallint,
	"tanggal_keluar" date,
	"keterangan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_keluar_peserta_didik" UNIQUE("peserta_didik_id")
);
--> statement-breakpoint
CREATE TABLE "pembelajaran" (
	"pembelajaran_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pembelajaran_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"guru_id" uuid,
	"guru_pengajar_id" uuid,
	"mata_pelajaran_id" integer NOT NULL,
	"nama_mata_pelajaran" text NOT NULL,
	"kelompok_id" integer,
	"no_urut" smallint,
	"kkm" smallint,
	"induk_pembelajaran_id" uuid,
	"bobot_sumatif_materi" smallint DEFAULT 1 NOT NULL,
	"bobot_sumatif_akhir" smallint DEFAULT 1 NOT NULL,
	"jam_mengajar_per_minggu" smallint,
	"is_dapodik" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pembelajaran_pembelajaran_id_dapodik_unique" UNIQUE("pembelajaran_id_dapodik"),
	CONSTRAINT "pembelajaran_bobot_check" CHECK ("pembelajaran"."bobot_sumatif_materi" >= 0 and "pembelajaran"."bobot_sumatif_akhir" >= 0)
);
--> statement-breakpoint
CREATE TABLE "peserta_didik" (
	"peserta_didik_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"peserta_didik_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"nama" text NOT NULL,
	"no_induk" varchar(32),
	"nisn" varchar(10),
	"nik" varchar(16),
	"jenis_kelamin" varchar(1),
	"tempat_lahir" text,
	"tanggal_lahir" date,
	"agama_id" smallint,
	"status" varchar(50),
	"anak_ke" smallint,
	"alamat" text,
	"rt" varchar(4),
	"rw" varchar(4),
	"nama_dusun" text,
	"desa_kelurahan" text,
	"kecamatan" text,
	"kode_pos" varchar(8),
	"kode_wilayah" varchar(8),
	"no_telp" varchar(32),
	"no_hp" varchar(32),
	"email" text,
	"sekolah_asal" text,
	"diterima_kelas" varchar(100),
	"diterima" date,
	"nama_ayah" text,
	"nama_ibu" text,
	"kerja_ayah" smallint,
	"kerja_ibu" smallint,
	"nama_wali" text,
	"alamat_wali" text,
	"telp_wali" varchar(32),
	"kerja_wali" smallint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peserta_didik_peserta_didik_id_dapodik_unique" UNIQUE("peserta_didik_id_dapodik"),
	CONSTRAINT "peserta_didik_sekolah_nisn" UNIQUE("sekolah_id","nisn")
);
--> statement-breakpoint
CREATE TABLE "ptk_keluar" (
	"ptk_keluar_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"guru_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ptk_keluar_guru_semester" UNIQUE("guru_id","semester_id")
);
--> statement-breakpoint
CREATE TABLE "rombongan_belajar" (
	"rombongan_belajar_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rombongan_belajar_id_dapodik" uuid,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"nama" varchar(100) NOT NULL,
	"tingkat" smallint NOT NULL,
	"jenis_rombel" smallint NOT NULL,
	"jurusan_id" varchar(25),
	"jurusan_sp_id" uuid,
	"kurikulum_id" integer,
	"guru_id" uuid,
	"kunci_nilai" boolean DEFAULT false NOT NULL,
	"nama_ruang" varchar(100),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rombongan_belajar_rombongan_belajar_id_dapodik_unique" UNIQUE("rombongan_belajar_id_dapodik")
);
--> statement-breakpoint
ALTER TABLE "ref_capaian_pembelajaran" ADD CONSTRAINT "ref_capaian_pembelajaran_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_kompetensi_dasar" ADD CONSTRAINT "ref_kompetensi_dasar_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_teknik_penilaian" ADD CONSTRAINT "ref_teknik_penilaian_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "akt_pd" ADD CONSTRAINT "akt_pd_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "akt_pd" ADD CONSTRAINT "akt_pd_mou_id_mou_mou_id_fk" FOREIGN KEY ("mou_id") REFERENCES "public"."mou"("mou_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_akt_pd" ADD CONSTRAINT "anggota_akt_pd_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_akt_pd" ADD CONSTRAINT "anggota_akt_pd_akt_pd_id_akt_pd_akt_pd_id_fk" FOREIGN KEY ("akt_pd_id") REFERENCES "public"."akt_pd"("akt_pd_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_akt_pd" ADD CONSTRAINT "anggota_akt_pd_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_rombel" ADD CONSTRAINT "anggota_rombel_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_rombel" ADD CONSTRAINT "anggota_rombel_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_rombel" ADD CONSTRAINT "anggota_rombel_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anggota_rombel" ADD CONSTRAINT "anggota_rombel_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bimbing_pd" ADD CONSTRAINT "bimbing_pd_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bimbing_pd" ADD CONSTRAINT "bimbing_pd_akt_pd_id_akt_pd_akt_pd_id_fk" FOREIGN KEY ("akt_pd_id") REFERENCES "public"."akt_pd"("akt_pd_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bimbing_pd" ADD CONSTRAINT "bimbing_pd_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dudi" ADD CONSTRAINT "dudi_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekstrakurikuler" ADD CONSTRAINT "ekstrakurikuler_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekstrakurikuler" ADD CONSTRAINT "ekstrakurikuler_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekstrakurikuler" ADD CONSTRAINT "ekstrakurikuler_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ekstrakurikuler" ADD CONSTRAINT "ekstrakurikuler_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gelar_ptk" ADD CONSTRAINT "gelar_ptk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gelar_ptk" ADD CONSTRAINT "gelar_ptk_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru" ADD CONSTRAINT "guru_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guru" ADD CONSTRAINT "guru_dudi_id_dudi_dudi_id_fk" FOREIGN KEY ("dudi_id") REFERENCES "public"."dudi"("dudi_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jurusan_sp" ADD CONSTRAINT "jurusan_sp_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mou" ADD CONSTRAINT "mou_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mou" ADD CONSTRAINT "mou_dudi_id_dudi_dudi_id_fk" FOREIGN KEY ("dudi_id") REFERENCES "public"."dudi"("dudi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_keluar" ADD CONSTRAINT "pd_keluar_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_keluar" ADD CONSTRAINT "pd_keluar_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_keluar" ADD CONSTRAINT "pd_keluar_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_guru_pengajar_id_guru_guru_id_fk" FOREIGN KEY ("guru_pengajar_id") REFERENCES "public"."guru"("guru_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pembelajaran" ADD CONSTRAINT "pembelajaran_induk_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("induk_pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peserta_didik" ADD CONSTRAINT "peserta_didik_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptk_keluar" ADD CONSTRAINT "ptk_keluar_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptk_keluar" ADD CONSTRAINT "ptk_keluar_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ptk_keluar" ADD CONSTRAINT "ptk_keluar_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rombongan_belajar" ADD CONSTRAINT "rombongan_belajar_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rombongan_belajar" ADD CONSTRAINT "rombongan_belajar_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rombongan_belajar" ADD CONSTRAINT "rombongan_belajar_jurusan_sp_id_jurusan_sp_jurusan_sp_id_fk" FOREIGN KEY ("jurusan_sp_id") REFERENCES "public"."jurusan_sp"("jurusan_sp_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rombongan_belajar" ADD CONSTRAINT "rombongan_belajar_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ref_cp_mapel_fase_idx" ON "ref_capaian_pembelajaran" USING btree ("mata_pelajaran_id","fase");--> statement-breakpoint
CREATE INDEX "ref_jurusan_induk_idx" ON "ref_jurusan" USING btree ("jurusan_induk");--> statement-breakpoint
CREATE INDEX "ref_kd_mapel_idx" ON "ref_kompetensi_dasar" USING btree ("mata_pelajaran_id","kurikulum");--> statement-breakpoint
CREATE INDEX "ref_mapel_kurikulum_mapel_idx" ON "ref_mata_pelajaran_kurikulum" USING btree ("mata_pelajaran_id");--> statement-breakpoint
CREATE INDEX "ref_mst_wilayah_parent_idx" ON "ref_mst_wilayah" USING btree ("mst_kode_wilayah");--> statement-breakpoint
CREATE INDEX "akt_pd_mou_idx" ON "akt_pd" USING btree ("mou_id");--> statement-breakpoint
CREATE INDEX "anggota_akt_pd_pd_idx" ON "anggota_akt_pd" USING btree ("peserta_didik_id");--> statement-breakpoint
CREATE INDEX "anggota_rombel_pd_semester_idx" ON "anggota_rombel" USING btree ("peserta_didik_id","semester_id");--> statement-breakpoint
CREATE INDEX "bimbing_pd_guru_idx" ON "bimbing_pd" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "dudi_sekolah_nama_idx" ON "dudi" USING btree ("sekolah_id","nama");--> statement-breakpoint
CREATE INDEX "ekstrakurikuler_sekolah_semester_idx" ON "ekstrakurikuler" USING btree ("sekolah_id","semester_id","nama_ekskul");--> statement-breakpoint
CREATE INDEX "ekstrakurikuler_guru_idx" ON "ekstrakurikuler" USING btree ("guru_id","semester_id");--> statement-breakpoint
CREATE INDEX "gelar_ptk_guru_idx" ON "gelar_ptk" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "guru_sekolah_jenis_nama_idx" ON "guru" USING btree ("sekolah_id","jenis_ptk_id","nama");--> statement-breakpoint
CREATE INDEX "guru_sekolah_nama_idx" ON "guru" USING btree ("sekolah_id","nama");--> statement-breakpoint
CREATE INDEX "guru_nuptk_idx" ON "guru" USING btree ("nuptk");--> statement-breakpoint
CREATE INDEX "guru_dudi_idx" ON "guru" USING btree ("dudi_id");--> statement-breakpoint
CREATE INDEX "jurusan_sp_sekolah_idx" ON "jurusan_sp" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "mou_dudi_idx" ON "mou" USING btree ("dudi_id");--> statement-breakpoint
CREATE INDEX "pd_keluar_sekolah_semester_idx" ON "pd_keluar" USING btree ("sekolah_id","semester_id");--> statement-breakpoint
CREATE INDEX "pembelajaran_rombel_idx" ON "pembelajaran" USING btree ("rombongan_belajar_id");--> statement-breakpoint
CREATE INDEX "pembelajaran_guru_idx" ON "pembelajaran" USING btree ("guru_id","semester_id");--> statement-breakpoint
CREATE INDEX "pembelajaran_guru_pengajar_idx" ON "pembelajaran" USING btree ("guru_pengajar_id","semester_id");--> statement-breakpoint
CREATE INDEX "pembelajaran_sekolah_semester_mapel_idx" ON "pembelajaran" USING btree ("sekolah_id","semester_id","mata_pelajaran_id");--> statement-breakpoint
CREATE INDEX "pembelajaran_induk_idx" ON "pembelajaran" USING btree ("induk_pembelajaran_id");--> statement-breakpoint
CREATE INDEX "peserta_didik_sekolah_nama_idx" ON "peserta_didik" USING btree ("sekolah_id","nama");--> statement-breakpoint
CREATE INDEX "peserta_didik_sekolah_no_induk_idx" ON "peserta_didik" USING btree ("sekolah_id","no_induk");--> statement-breakpoint
CREATE INDEX "rombel_sekolah_semester_jenis_idx" ON "rombongan_belajar" USING btree ("sekolah_id","semester_id","jenis_rombel","tingkat","nama");--> statement-breakpoint
CREATE INDEX "rombel_guru_idx" ON "rombongan_belajar" USING btree ("guru_id","semester_id");--> statement-breakpoint
CREATE INDEX "rombel_jurusan_sp_idx" ON "rombongan_belajar" USING btree ("jurusan_sp_id");