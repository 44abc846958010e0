CREATE TABLE "sekolah_logo" (
	"sekolah_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sekolah_logo" ADD CONSTRAINT "sekolah_logo_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;