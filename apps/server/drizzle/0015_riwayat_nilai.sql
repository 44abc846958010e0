CREATE TABLE "riwayat_nilai" (
	"riwayat_nilai_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "riwayat_nilai_riwayat_nilai_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"waktu" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"nama_pengguna" text NOT NULL,
	"peran" varchar(160) NOT NULL,
	"rombongan_belajar_id" uuid,
	"anggota_rombel_id" uuid,
	"peserta_didik_id" uuid,
	"pembelajaran_id" uuid,
	"jenis" varchar(32) NOT NULL,
	"kunci" varchar(100) DEFAULT '' NOT NULL,
	"nilai_lama" text,
	"nilai_baru" text,
	"sumber" varchar(16) NOT NULL,
	CONSTRAINT "riwayat_nilai_sumber_check" CHECK ("riwayat_nilai"."sumber" in ('layar', 'excel', 'salin', 'sinkronisasi', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "riwayat_nilai" ADD CONSTRAINT "riwayat_nilai_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "riwayat_nilai_semester_waktu_idx" ON "riwayat_nilai" USING btree ("sekolah_id","semester_id","waktu");--> statement-breakpoint
CREATE INDEX "riwayat_nilai_rombel_waktu_idx" ON "riwayat_nilai" USING btree ("rombongan_belajar_id","waktu");--> statement-breakpoint
CREATE INDEX "riwayat_nilai_pembelajaran_waktu_idx" ON "riwayat_nilai" USING btree ("pembelajaran_id","waktu");--> statement-breakpoint
CREATE INDEX "riwayat_nilai_anggota_idx" ON "riwayat_nilai" USING btree ("anggota_rombel_id");