CREATE TABLE "aspek_budaya_kerja" (
	"aspek_budaya_kerja_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"rencana_budaya_kerja_id" uuid NOT NULL,
	"budaya_kerja_id" smallint NOT NULL,
	"elemen_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aspek_budaya_kerja_rencana_elemen" UNIQUE("rencana_budaya_kerja_id","elemen_id")
);
--> statement-breakpoint
CREATE TABLE "nilai_budaya_kerja" (
	"nilai_budaya_kerja_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"anggota_rombel_id" uuid NOT NULL,
	"aspek_budaya_kerja_id" uuid NOT NULL,
	"opsi_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nilai_budaya_kerja_anggota_aspek" UNIQUE("anggota_rombel_id","aspek_budaya_kerja_id"),
	CONSTRAINT "nilai_budaya_kerja_opsi_check" CHECK ("nilai_budaya_kerja"."opsi_id" in (2, 3, 4, 5))
);
--> statement-breakpoint
CREATE TABLE "rencana_budaya_kerja" (
	"rencana_budaya_kerja_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"nama" varchar(255) NOT NULL,
	"deskripsi" text NOT NULL,
	"no_urut" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rencana_budaya_kerja_rombel_no_urut" UNIQUE("rombongan_belajar_id","no_urut"),
	CONSTRAINT "rencana_budaya_kerja_no_urut_check" CHECK ("rencana_budaya_kerja"."no_urut" between 1 and 99),
	CONSTRAINT "rencana_budaya_kerja_deskripsi_check" CHECK (char_length("rencana_budaya_kerja"."deskripsi") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ALTER COLUMN "budaya_kerja_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD COLUMN "rencana_budaya_kerja_id" uuid;--> statement-breakpoint
ALTER TABLE "aspek_budaya_kerja" ADD CONSTRAINT "aspek_budaya_kerja_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aspek_budaya_kerja" ADD CONSTRAINT "aspek_budaya_kerja_rencana_budaya_kerja_id_rencana_budaya_kerja_rencana_budaya_kerja_id_fk" FOREIGN KEY ("rencana_budaya_kerja_id") REFERENCES "public"."rencana_budaya_kerja"("rencana_budaya_kerja_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aspek_budaya_kerja" ADD CONSTRAINT "aspek_budaya_kerja_elemen_id_ref_p5_sub_elemen_no_fk" FOREIGN KEY ("elemen_id") REFERENCES "public"."ref_p5_sub_elemen"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_budaya_kerja" ADD CONSTRAINT "nilai_budaya_kerja_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_budaya_kerja" ADD CONSTRAINT "nilai_budaya_kerja_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nilai_budaya_kerja" ADD CONSTRAINT "nilai_budaya_kerja_aspek_budaya_kerja_id_aspek_budaya_kerja_aspek_budaya_kerja_id_fk" FOREIGN KEY ("aspek_budaya_kerja_id") REFERENCES "public"."aspek_budaya_kerja"("aspek_budaya_kerja_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_budaya_kerja" ADD CONSTRAINT "rencana_budaya_kerja_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_budaya_kerja" ADD CONSTRAINT "rencana_budaya_kerja_rombongan_belajar_id_rombongan_belajar_rombongan_belajar_id_fk" FOREIGN KEY ("rombongan_belajar_id") REFERENCES "public"."rombongan_belajar"("rombongan_belajar_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rencana_budaya_kerja" ADD CONSTRAINT "rencana_budaya_kerja_pembelajaran_id_pembelajaran_pembelajaran_id_fk" FOREIGN KEY ("pembelajaran_id") REFERENCES "public"."pembelajaran"("pembelajaran_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nilai_budaya_kerja_aspek_idx" ON "nilai_budaya_kerja" USING btree ("aspek_budaya_kerja_id");--> statement-breakpoint
CREATE INDEX "rencana_budaya_kerja_pembelajaran_idx" ON "rencana_budaya_kerja" USING btree ("pembelajaran_id");--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD CONSTRAINT "catatan_budaya_kerja_rencana_budaya_kerja_id_rencana_budaya_kerja_rencana_budaya_kerja_id_fk" FOREIGN KEY ("rencana_budaya_kerja_id") REFERENCES "public"."rencana_budaya_kerja"("rencana_budaya_kerja_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD CONSTRAINT "catatan_budaya_kerja_anggota_rencana" UNIQUE("anggota_rombel_id","rencana_budaya_kerja_id");--> statement-breakpoint
ALTER TABLE "catatan_budaya_kerja" ADD CONSTRAINT "catatan_budaya_kerja_one_use_check" CHECK (("catatan_budaya_kerja"."budaya_kerja_id" is null) <> ("catatan_budaya_kerja"."rencana_budaya_kerja_id" is null));