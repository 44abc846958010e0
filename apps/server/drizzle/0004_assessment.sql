CREATE TABLE "cp_sekolah" (
	"sekolah_id" uuid NOT NULL,
	"cp_id" integer NOT NULL,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cp_sekolah_sekolah_id_cp_id_pk" PRIMARY KEY("sekolah_id","cp_id")
);
--> statement-breakpoint
CREATE TABLE "kd_sekolah" (
	"sekolah_id" uuid NOT NULL,
	"kompetensi_dasar_id" uuid NOT NULL,
	"kompetensi_dasar_alias" text,
	"aktif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kd_sekolah_sekolah_id_kompetensi_dasar_id_pk" PRIMARY KEY("sekolah_id","kompetensi_dasar_id")
);
--> statement-breakpoint
CREATE TABLE "tp_mapel" (
	"tp_mapel_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"tp_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tp_mapel_tp_pembelajaran" UNIQUE("tp_id","pembelajaran_id")
);
--> statement-breakpoint
CREATE TABLE "tujuan_pembelajaran" (
	"tp_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"cp_id" integer,
	"kd_id" uuid,
	"deskripsi" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tp_sekolah_cp_kd_deskripsi" UNIQUE NULLS NOT DISTINCT("sekolah_id","cp_id","kd_id","deskripsi"),
	CONSTRAINT "tp_cp_or_kd" CHECK (("tujuan_pembelajaran"."cp_id" is null) <> ("tujuan_pembelajaran"."kd_id" is null)),
	CONSTRAINT "tp_deskripsi_not_blank" CHECK (length(trim("tujuan_pembelajaran"."deskripsi")) > 0)
);
--> statement-breakpoint
CREATE TABLE "deskripsi_mata_pelajaran" (
	"deskripsi_mata_pelajaran_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"deskripsi_pengetahuan" text,
	"deskripsi_keterampilan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deskripsi_mapel_anggota_pembelajaran" UNIQUE("anggota_rombel_id","pembelajaran_id")
);
--> statement-breakpoint
CREATE TABLE "nilai_akhir" (
	"nilai_akhir_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"kompetensi_id" smallint NOT NULL,
	"nilai" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_akhir_anggota_pembelajaran_kompetensi" UNIQUE("anggota_rombel_id","pembelajaran_id","kompetensi_id"),
	CONSTRAINT "nilai_akhir_nilai_check" CHECK ("nilai_akhir"."nilai" between 0 and 100),
	CONSTRAINT "nilai_akhir_kompetensi_check" CHECK ("nilai_akhir"."kompetensi_id" in (1, 2, 3, 4, 99))
);
--> statement-breakpoint
CREATE TABLE "nilai_ekstrakurikuler" (
	"nilai_ekstrakurikuler_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"ekstrakurikuler_id" uuid NOT NULL,
	"nilai" smallint NOT NULL,
	"deskripsi_ekskul" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_ekskul_anggota_ekskul" UNIQUE("anggota_rombel_id","ekstrakurikuler_id"),
	CONSTRAINT "nilai_ekskul_nilai_check" CHECK ("nilai_ekstrakurikuler"."nilai" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "nilai_sikap" (
	"nilai_sikap_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"guru_id" uuid NOT NULL,
	"tanggal" date NOT NULL,
	"dimensi_id" smallint NOT NULL,
	"elemen_id" smallint NOT NULL,
	"opsi_id" smallint NOT NULL,
	"deskripsi" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_sikap_opsi_check" CHECK ("nilai_sikap"."opsi_id" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "nilai_sumatif" (
	"nilai_sumatif_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"jenis" varchar(8) NOT NULL,
	"nilai" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_sumatif_anggota_pembelajaran_jenis" UNIQUE("anggota_rombel_id","pembelajaran_id","jenis"),
	CONSTRAINT "nilai_sumatif_jenis_check" CHECK ("nilai_sumatif"."jenis" in ('tes', 'non-tes')),
	CONSTRAINT "nilai_sumatif_nilai_check" CHECK ("nilai_sumatif"."nilai" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "nilai_tp" (
	"nilai_tp_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"tp_id" uuid NOT NULL,
	"nilai" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_tp_anggota_pembelajaran_tp" UNIQUE("anggota_rombel_id","pembelajaran_id","tp_id"),
	CONSTRAINT "nilai_tp_nilai_check" CHECK ("nilai_tp"."nilai" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tp_nilai" (
	"tp_nilai_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"tp_id" uuid NOT NULL,
	"kompeten" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tp_nilai_anggota_pembelajaran_tp" UNIQUE("anggota_rombel_id","pembelajaran_id","tp_id"),
	CONSTRAINT "tp_nilai_kompeten_check" CHECK ("tp_nilai"."kompeten" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "cp_sekolah" ADD CONSTRAINT "cp_sekolah_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kd_sekolah" ADD CONSTRAINT "kd_sekolah_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_mapel" ADD CONSTRAINT "tp_mapel_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_mapel" ADD CONSTRAINT "tp_mapel_tp_id_tujuan_pembelajaran_tp_id_fk" FOREIGN KEY ("tp_id") REFERENCES "public"."tujuan_pembelajaran"("tp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_mapel" ADD CONSTRAINT "tp_mapel_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tujuan_pembelajaran" ADD CONSTRAINT "tujuan_pembelajaran_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tujuan_pembelajaran" ADD CONSTRAINT "tujuan_pembelajaran_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deskripsi_mata_pelajaran" ADD CONSTRAINT "deskripsi_mata_pelajaran_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deskripsi_mata_pelajaran" ADD CONSTRAINT "deskripsi_mata_pelajaran_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deskripsi_mata_pelajaran" ADD CONSTRAINT "deskripsi_mata_pelajaran_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_akhir" ADD CONSTRAINT "nilai_akhir_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_akhir" ADD CONSTRAINT "nilai_akhir_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_akhir" ADD CONSTRAINT "nilai_akhir_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ekstrakurikuler" ADD CONSTRAINT "nilai_ekstrakurikuler_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ekstrakurikuler" ADD CONSTRAINT "nilai_ekstrakurikuler_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_ekstrakurikuler" ADD CONSTRAINT "nilai_ekstrakurikuler_ekstrakurikuler_id_ekstrakurikuler_ekstrakurikuler_id_fk" FOREIGN KEY ("ekstrakurikuler_id") REFERENCES "public"."ekstrakurikuler"("ekstrakurikuler_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sikap" ADD CONSTRAINT "nilai_sikap_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sikap" ADD CONSTRAINT "nilai_sikap_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sikap" ADD CONSTRAINT "nilai_sikap_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sikap" ADD CONSTRAINT "nilai_sikap_guru_id_guru_guru_id_fk" FOREIGN KEY ("guru_id") REFERENCES "public"."guru"("guru_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sumatif" ADD CONSTRAINT "nilai_sumatif_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sumatif" ADD CONSTRAINT "nilai_sumatif_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_sumatif" ADD CONSTRAINT "nilai_sumatif_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_tp" ADD CONSTRAINT "nilai_tp_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_tp" ADD CONSTRAINT "nilai_tp_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_tp" ADD CONSTRAINT "nilai_tp_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_tp" ADD CONSTRAINT "nilai_tp_tp_id_tujuan_pembelajaran_tp_id_fk" FOREIGN KEY ("tp_id") REFERENCES "public"."tujuan_pembelajaran"("tp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_nilai" ADD CONSTRAINT "tp_nilai_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_nilai" ADD CONSTRAINT "tp_nilai_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_nilai" ADD CONSTRAINT "tp_nilai_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tp_nilai" ADD CONSTRAINT "tp_nilai_tp_id_tujuan_pembelajaran_tp_id_fk" FOREIGN KEY ("tp_id") REFERENCES "public"."tujuan_pembelajaran"("tp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tp_mapel_pembelajaran_idx" ON "tp_mapel" USING btree ("pembelajaran_id");--> statement-breakpoint
CREATE INDEX "tp_cp_idx" ON "tujuan_pembelajaran" USING btree ("sekolah_id","cp_id");--> statement-breakpoint
CREATE INDEX "tp_kd_idx" ON "tujuan_pembelajaran" USING btree ("sekolah_id","kd_id");--> statement-breakpoint
CREATE INDEX "deskripsi_mapel_pembelajaran_idx" ON "deskripsi_mata_pelajaran" USING btree ("pembelajaran_id");--> statement-breakpoint
CREATE INDEX "nilai_akhir_pembelajaran_idx" ON "nilai_akhir" USING btree ("pembelajaran_id");--> statement-breakpoint
CREATE INDEX "nilai_ekskul_ekskul_idx" ON "nilai_ekstrakurikuler" USING btree ("ekstrakurikuler_id");--> statement-breakpoint
CREATE INDEX "nilai_sikap_guru_idx" ON "nilai_sikap" USING btree ("guru_id","semester_id");--> statement-breakpoint
CREATE INDEX "nilai_sikap_anggota_idx" ON "nilai_sikap" USING btree ("anggota_rombel_id");--> statement-breakpoint
CREATE INDEX "nilai_sumatif_pembelajaran_idx" ON "nilai_sumatif" USING btree ("pembelajaran_id");--> statement-breakpoint
CREATE INDEX "nilai_tp_pembelajaran_idx" ON "nilai_tp" USING btree ("pembelajaran_id");--> statement-breakpoint
CREATE INDEX "tp_nilai_pembelajaran_idx" ON "tp_nilai" USING btree ("pembelajaran_id");