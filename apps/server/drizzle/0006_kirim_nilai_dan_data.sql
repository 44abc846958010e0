CREATE TABLE "kirim_data_watermark" (
	"sekolah_id" uuid NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"last_updated_at" timestamp (6) with time zone,
	"last_row_id" text,
	"sent_total" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kirim_data_watermark_sekolah_id_table_name_pk" PRIMARY KEY("sekolah_id","table_name")
);
--> statement-breakpoint
CREATE TABLE "kirim_nilai_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"rombongan_belajar_id" uuid NOT NULL,
	"pembelajaran_id" uuid NOT NULL,
	"anggota_rombel_id" uuid,
	"jenis" varchar(8) NOT NULL,
	"item_key" varchar(120) NOT NULL,
	"dapodik_id" uuid NOT NULL,
	"payload" jsonb,
	"sent_hash" varchar(64),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"message" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kirim_data_watermark" ADD CONSTRAINT "kirim_data_watermark_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kirim_nilai_item" ADD CONSTRAINT "kirim_nilai_item_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kirim_nilai_item" ADD CONSTRAINT "kirim_nilai_item_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kirim_nilai_item_key" ON "kirim_nilai_item" USING btree ("sekolah_id","item_key");--> statement-breakpoint
CREATE INDEX "kirim_nilai_item_rombel_idx" ON "kirim_nilai_item" USING btree ("rombongan_belajar_id","jenis");