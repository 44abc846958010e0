CREATE TABLE "nilai_ukk" (
	"nilai_ukk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"rencana_ukk_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"nilai" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_ukk_rencana_anggota_pd" UNIQUE("rencana_ukk_id","anggota_rombel_id","peserta_didik_id"),
	CONSTRAINT "nilai_ukk_nilai" CHECK ("nilai_ukk"."nilai" is null or "nilai_ukk"."nilai" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "ref_paket_ukk" (
	"paket_ukk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid,
	"jurusan_id" varchar(25) NOT NULL,
	"kurikulum_id" integer NOT NULL,
	"kode_kompetensi" varchar(25),
	"nomor_paket" varchar(20) NOT NULL,
	"nama_paket_id" text NOT NULL,
	"nama_paket_en" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ref_paket_ukk_nomor" UNIQUE NULLS NOT DISTINCT("sekolah_id","jurusan_id","kurikulum_id","nomor_paket"),
	CONSTRAINT "ref_paket_ukk_status" CHECK ("ref_paket_ukk"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "rencana_ukk" (
	"rencana_ukk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"paket_ukk_id" uuid NOT NULL,
	"internal" uuid NOT NULL,
	"eksternal" uuid NOT NULL,
	"tanggal_sertifikat" date NOT NULL,
	"pola_ukk" varchar(12) DEFAULT 'sekolah' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rencana_ukk_pola" CHECK ("rencana_ukk"."pola_ukk" in ('sekolah', 'dunia_kerja', 'lsp'))
);
--> statement-breakpoint
CREATE TABLE "template_sertifikat_ukk" (
	"sekolah_id" uuid PRIMARY KEY NOT NULL,
	"judul_id" text,
	"judul_en" text,
	"masa_berlaku" smallint,
	"tempat" text,
	"logo" varchar(10),
	"background" "bytea",
	"background_mime" varchar(20),
	"penandatangan_nama" text,
	"penandatangan_nip" varchar(32),
	"penandatangan_jabatan" text,
	"jurusan_en" jsonb,
	"predikat_scheme" varchar(5),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_sertifikat_ukk_masa" CHECK ("template_sertifikat_ukk"."masa_berlaku" is null or "template_sertifikat_ukk"."masa_berlaku" between 1 and 10),
	CONSTRAINT "template_sertifikat_ukk_scheme" CHECK ("template_sertifikat_ukk"."predikat_scheme" is null or "template_sertifikat_ukk"."predikat_scheme" in ('dua', 'empat')),
	CONSTRAINT "template_sertifikat_ukk_logo" CHECK ("template_sertifikat_ukk"."logo" is null or "template_sertifikat_ukk"."logo" in ('sekolah', 'tut_wuri'))
);
--> statement-breakpoint
CREATE TABLE "unit_ukk" (
	"unit_ukk_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid,
	"paket_ukk_id" uuid NOT NULL,
	"kode_unit" varchar(50) NOT NULL,
	"nama_unit_id" text NOT NULL,
	"nama_unit_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_ukk_paket_kode" UNIQUE("paket_ukk_id","kode_unit")
);
--> statement-breakpoint
ALTER TABLE "nilai_ukk" ADD CONSTRAINT "nilai_ukk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ukk" ADD CONSTRAINT "nilai_ukk_rencana_ukk_id_rencana_ukk_rencana_ukk_id_fk" FOREIGN KEY ("rencana_ukk_id") REFERENCES "public"."rencana_ukk"("rencana_ukk_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ukk" ADD CONSTRAINT "nilai_ukk_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ukk" ADD CONSTRAINT "nilai_ukk_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ref_paket_ukk" ADD CONSTRAINT "ref_paket_ukk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_paket_ukk_id_ref_paket_ukk_paket_ukk_id_fk" FOREIGN KEY ("paket_ukk_id") REFERENCES "public"."ref_paket_ukk"("paket_ukk_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_internal_guru_guru_id_fk" FOREIGN KEY ("internal") REFERENCES "public"."guru"("guru_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_ukk" ADD CONSTRAINT "rencana_ukk_eksternal_guru_guru_id_fk" FOREIGN KEY ("eksternal") REFERENCES "public"."guru"("guru_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_sertifikat_ukk" ADD CONSTRAINT "template_sertifikat_ukk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_ukk" ADD CONSTRAINT "unit_ukk_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_ukk" ADD CONSTRAINT "unit_ukk_paket_ukk_id_ref_paket_ukk_paket_ukk_id_fk" FOREIGN KEY ("paket_ukk_id") REFERENCES "public"."ref_paket_ukk"("paket_ukk_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nilai_ukk_pd_idx" ON "nilai_ukk" USING btree ("peserta_didik_id");--> statement-breakpoint
CREATE INDEX "ref_paket_ukk_jurusan_idx" ON "ref_paket_ukk" USING btree ("jurusan_id","kurikulum_id");--> statement-breakpoint
CREATE INDEX "rencana_ukk_sekolah_semester_idx" ON "rencana_ukk" USING btree ("sekolah_id","semester_id");--> statement-breakpoint
CREATE INDEX "rencana_ukk_internal_idx" ON "rencana_ukk" USING btree ("internal","semester_id");--> statement-breakpoint
CREATE INDEX "rencana_ukk_paket_idx" ON "rencana_ukk" USING btree ("paket_ukk_id");