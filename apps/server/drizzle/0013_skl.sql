CREATE TABLE "nomor_skl" (
	"nomor_skl_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"anggota_rombel_id" uuid,
	"nomor_urut" integer NOT NULL,
	"nomor" text NOT NULL,
	"tanggal_lulus" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nomor_skl_sekolah_urut" UNIQUE("sekolah_id","nomor_urut"),
	CONSTRAINT "nomor_skl_sekolah_pd" UNIQUE("sekolah_id","peserta_didik_id"),
	CONSTRAINT "nomor_skl_urut_positif" CHECK ("nomor_skl"."nomor_urut" > 0)
);
--> statement-breakpoint
CREATE TABLE "template_skl" (
	"sekolah_id" uuid PRIMARY KEY NOT NULL,
	"judul" text,
	"pembuka" text,
	"pernyataan" text,
	"penutup" text,
	"pola_nomor" text,
	"tanggal_lulus" date,
	"tampilkan_nilai" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nomor_skl" ADD CONSTRAINT "nomor_skl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nomor_skl" ADD CONSTRAINT "nomor_skl_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nomor_skl" ADD CONSTRAINT "nomor_skl_anggota_rombel_id_anggota_rombel_anggota_rombel_id_fk" FOREIGN KEY ("anggota_rombel_id") REFERENCES "public"."anggota_rombel"("anggota_rombel_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_skl" ADD CONSTRAINT "template_skl_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;