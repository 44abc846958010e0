CREATE TABLE "sinkronisasi_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"report" jsonb NOT NULL,
	"message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sinkronisasi_run" ADD CONSTRAINT "sinkronisasi_run_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinkronisasi_run" ADD CONSTRAINT "sinkronisasi_run_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sinkronisasi_run_one_active" ON "sinkronisasi_run" USING btree ("sekolah_id","semester_id") WHERE "sinkronisasi_run"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "sinkronisasi_run_sekolah_idx" ON "sinkronisasi_run" USING btree ("sekolah_id","semester_id","created_at");