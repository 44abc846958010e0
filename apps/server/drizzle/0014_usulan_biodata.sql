CREATE TABLE "usulan_biodata" (
	"usulan_biodata_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"peserta_didik_id" uuid NOT NULL,
	"perubahan" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'diajukan' NOT NULL,
	"diajukan_oleh" uuid,
	"diputuskan_oleh" uuid,
	"diputuskan_at" timestamp with time zone,
	"alasan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usulan_biodata_status" CHECK ("usulan_biodata"."status" in ('diajukan', 'disetujui', 'ditolak'))
);
--> statement-breakpoint
ALTER TABLE "usulan_biodata" ADD CONSTRAINT "usulan_biodata_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usulan_biodata" ADD CONSTRAINT "usulan_biodata_peserta_didik_id_peserta_didik_peserta_didik_id_fk" FOREIGN KEY ("peserta_didik_id") REFERENCES "public"."peserta_didik"("peserta_didik_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usulan_biodata" ADD CONSTRAINT "usulan_biodata_diajukan_oleh_users_user_id_fk" FOREIGN KEY ("diajukan_oleh") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usulan_biodata" ADD CONSTRAINT "usulan_biodata_diputuskan_oleh_users_user_id_fk" FOREIGN KEY ("diputuskan_oleh") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usulan_biodata_pending" ON "usulan_biodata" USING btree ("peserta_didik_id") WHERE "usulan_biodata"."status" = 'diajukan';--> statement-breakpoint
CREATE INDEX "usulan_biodata_sekolah_status_idx" ON "usulan_biodata" USING btree ("sekolah_id","status");