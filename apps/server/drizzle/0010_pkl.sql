CREATE TABLE "absensi_pkl" (
	"absensi_pkl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"pkl_id" uuid NOT NULL,
	"sakit" smallint DEFAULT 0 NOT NULL,
	"izin" smallint DEFAULT 0 NOT NULL,
	"alpa" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absensi_pkl_pd_pkl" UNIQUE("peserta_didik_id","pkl_id"),
	CONSTRAINT "absensi_pkl_hari_check" CHECK ("absensi_pkl"."sakit" >= 0 and "absensi_pkl"."izin" >= 0 and "absensi_pkl"."alpa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "nilai_pkl" (
	"nilai_pkl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"pkl_id" uuid NOT NULL,
	"tp_id" uuid NOT NULL,
	"nilai" smallint NOT NULL,
	"deskripsi" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_pkl_pd_pkl_tp" UNIQUE("peserta_didik_id","pkl_id","tp_id"),
	CONSTRAINT "nilai_pkl_nilai_check" CHECK ("nilai_pkl"."nilai" between 0 and 100),
	CONSTRAINT "nilai_pkl_deskripsi_length_check" CHECK (char_length("nilai_pkl"."deskripsi") <= 500)
);
--> statement-breakpoint
CREATE TABLE "pd_pkl" (
	"pd_pkl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"pkl_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"catatan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pd_pkl_pkl_pd" UNIQUE("pkl_id","peserta_didik_id"),
	CONSTRAINT "pd_pkl_catatan_length_check" CHECK (char_length("pd_pkl"."catatan") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "praktik_kerja_lapangan" (
	"pkl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"guru_id" uuid NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"akt_pd_id" uuid NOT NULL,
	"tanggal_mulai" date NOT NULL,
	"tanggal_selesai" date NOT NULL,
	"instruktur" varchar(100) NOT NULL,
	"nip" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pkl_rombel_akt_pd" UNIQUE("rombongan_belajar_id","akt_pd_id"),
	CONSTRAINT "pkl_tanggal_check" CHECK ("praktik_kerja_lapangan"."tanggal_selesai" >= "praktik_kerja_lapangan"."tanggal_mulai")
);
--> statement-breakpoint
CREATE TABLE "tp_pkl" (
	"tp_pkl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"pkl_id" uuid NOT NULL,
	"tp_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tp_pkl_pkl_tp" UNIQUE("pkl_id","tp_id")
);
--> statement-breakpoint
ALTER TABLE "absensi_pkl" ADD CONSTRAINT "absensi_pkl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_pkl" ADD CONSTRAINT "absensi_pkl_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absensi_pkl" ADD CONSTRAINT "absensi_pkl_pkl_id_praktik_kerja_lapangan_pkl_id_fk" FOREIGN KEY ("pkl_id") REFERENCES "public"."praktik_kerja_lapangan"("pkl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_pkl" ADD CONSTRAINT "nilai_pkl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_pkl" ADD CONSTRAINT "nilai_pkl_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_pkl" ADD CONSTRAINT "nilai_pkl_pkl_id_praktik_kerja_lapangan_pkl_id_fk" FOREIGN KEY ("pkl_id") REFERENCES "public"."praktik_kerja_lapangan"("pkl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_pkl" ADD CONSTRAINT "nilai_pkl_tp_id_tujuan_pembelajaran_tp_id_fk" FOREIGN KEY ("tp_id") REFERENCES "public"."tujuan_pembelajaran"("tp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pkl" ADD CONSTRAINT "pd_pkl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pkl" ADD CONSTRAINT "pd_pkl_pkl_id_praktik_kerja_lapangan_pkl_id_fk" FOREIGN KEY ("pkl_id") REFERENCES "public"."praktik_kerja_lapangan"("pkl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pd_pkl" ADD CONSTRAINT "pd_pkl_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "praktik_kerja_lapangan" ADD CONSTRAINT "praktik_kerja_lapangan_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "praktik_kerja_lapangan" ADD CONSTRAINT "praktik_kerja_lapangan_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "praktik_kerja_lapangan" ADD CONSTRAINT "praktik_kerja_lapangan_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "praktik_kerja_lapangan" ADD CONSTRAINT "praktik_kerja_lapangan_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "praktik_kerja_lapangan" ADD CONSTRAINT "praktik_kerja_lapangan_akt_pd_id_akt_pd_akt_pd_id_fk" FOREIGN KEY ("akt_pd_id") REFERENCES "public"."akt_pd"("akt_pd_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_pkl" ADD CONSTRAINT "tp_pkl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_pkl" ADD CONSTRAINT "tp_pkl_pkl_id_praktik_kerja_lapangan_pkl_id_fk" FOREIGN KEY ("pkl_id") REFERENCES "public"."praktik_kerja_lapangan"("pkl_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_pkl" ADD CONSTRAINT "tp_pkl_tp_id_tujuan_pembelajaran_tp_id_fk" FOREIGN KEY ("tp_id") REFERENCES "public"."tujuan_pembelajaran"("tp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absensi_pkl_pkl_idx" ON "absensi_pkl" USING btree ("pkl_id");--> statement-breakpoint
CREATE INDEX "nilai_pkl_pkl_idx" ON "nilai_pkl" USING btree ("pkl_id");--> statement-breakpoint
CREATE INDEX "pd_pkl_pd_idx" ON "pd_pkl" USING btree ("peserta_didik_id");--> statement-breakpoint
CREATE INDEX "pkl_sekolah_semester_idx" ON "praktik_kerja_lapangan" USING btree ("sekolah_id","semester_id");--> statement-breakpoint
CREATE INDEX "pkl_guru_idx" ON "praktik_kerja_lapangan" USING btree ("guru_id","semester_id");--> statement-breakpoint
CREATE INDEX "pkl_akt_pd_idx" ON "praktik_kerja_lapangan" USING btree ("akt_pd_id");--> statement-breakpoint
CREATE INDEX "tp_pkl_tp_idx" ON "tp_pkl" USING btree ("tp_id");