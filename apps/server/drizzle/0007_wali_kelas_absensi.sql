CREATE TABLE "absensi" (
	"absensi_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"sakit" smallint DEFAULT 0 NOT NULL,
	"izin" smallint DEFAULT 0 NOT NULL,
	"alpa" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absensi_anggota_rombel" UNIQUE("anggota_rombel_id"),
	CONSTRAINT "absensi_hari_check" CHECK ("absensi"."sakit" between 0 and 200 and "absensi"."izin" between 0 and 200 and "absensi"."alpa" between 0 and 200)
);
--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi" ADD CONSTRAINT "absensi_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;