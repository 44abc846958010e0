CREATE TABLE "catatan_budaya_kerja" (
	"catatan_budaya_kerja_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"budaya_kerja_id" smallint NOT NULL,
	"catatan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catatan_budaya_kerja_anggota_dimensi" UNIQUE("anggota_rombel_id","budaya_kerja_id"),
	CONSTRAINT "catatan_budaya_kerja_length_check" CHECK (char_length("catatan_budaya_kerja"."catatan") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "catatan_wali" (
	"catatan_wali_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"type" varchar(20) NOT NULL,
	"uraian_deskripsi" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catatan_wali_anggota_type" UNIQUE("anggota_rombel_id","type"),
	CONSTRAINT "catatan_wali_type_check" CHECK ("catatan_wali"."type" in ('catatan_walas', 'kokurikuler')),
	CONSTRAINT "catatan_wali_length_check" CHECK (char_length("catatan_wali"."uraian_deskripsi") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "kenaikan_kelas" (
	"kenaikan_kelas_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"status" smallint NOT NULL,
	"nama_kelas" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kenaikan_kelas_anggota_rombel" UNIQUE("anggota_rombel_id"),
	CONSTRAINT "kenaikan_kelas_status_check" CHECK ("kenaikan_kelas"."status" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD CONSTRAINT "catatan_budaya_kerja_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD CONSTRAINT "catatan_budaya_kerja_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catatan_wali" ADD CONSTRAINT "catatan_wali_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catatan_wali" ADD CONSTRAINT "catatan_wali_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kenaikan_kelas" ADD CONSTRAINT "kenaikan_kelas_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kenaikan_kelas" ADD CONSTRAINT "kenaikan_kelas_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kenaikan_kelas" ADD CONSTRAINT "kenaikan_kelas_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;