CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" uuid NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"family_id" uuid NOT NULL,
	"parent_id" uuid,
	"user_id" uuid NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" varchar(32) NOT NULL,
	"semester_id" varchar(5) NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_user_unique" UNIQUE("user_id","role","semester_id"),
	CONSTRAINT "role_user_source_check" CHECK ("role_user"."source" in ('manual', 'generated'))
);
--> statement-breakpoint
CREATE TABLE "user_photo" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"username" varchar(100),
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"guru_id" uuid,
	"peserta_didik_id" uuid,
	"photo" varchar(64),
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "sekolah" (
	"sekolah_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"npsn" varchar(8) NOT NULL,
	"nama" text NOT NULL,
	"nss" varchar(32),
	"bentuk_pendidikan_id" integer,
	"status_sekolah" varchar(16),
	"alamat" text,
	"rt" varchar(4),
	"rw" varchar(4),
	"desa_kelurahan" text,
	"kecamatan" text,
	"kabupaten" text,
	"provinsi" text,
	"kode_wilayah" varchar(16),
	"kode_pos" varchar(8),
	"lintang" text,
	"bujur" text,
	"no_telp" varchar(32),
	"no_fax" varchar(32),
	"email" text,
	"website" text,
	"sekolah_id_dapodik" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sekolah_npsn_unique" UNIQUE("npsn"),
	CONSTRAINT "sekolah_sekolah_id_dapodik_unique" UNIQUE("sekolah_id_dapodik")
);
--> statement-breakpoint
CREATE TABLE "semester" (
	"semester_id" varchar(5) PRIMARY KEY NOT NULL,
	"tahun_ajaran_id" integer NOT NULL,
	"nama" varchar(32) NOT NULL,
	"semester" smallint NOT NULL,
	"periode_aktif" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semester_semester_check" CHECK ("semester"."semester" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sekolah_id" uuid NOT NULL,
	"semester_id" varchar(5),
	"key" varchar(100) NOT NULL,
	"value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_scope_key" UNIQUE NULLS NOT DISTINCT("sekolah_id","semester_id","key")
);
--> statement-breakpoint
CREATE TABLE "tahun_ajaran" (
	"tahun_ajaran_id" integer PRIMARY KEY NOT NULL,
	"nama" varchar(16) NOT NULL,
	"periode_aktif" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_user" ADD CONSTRAINT "role_user_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photo" ADD CONSTRAINT "user_photo_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photo" ADD CONSTRAINT "user_photo_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester" ADD CONSTRAINT "semester_tahun_ajaran_id_tahun_ajaran_tahun_ajaran_id_fk" FOREIGN KEY ("tahun_ajaran_id") REFERENCES "public"."tahun_ajaran"("tahun_ajaran_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_sekolah_id_sekolah_sekolah_id_fk" FOREIGN KEY ("sekolah_id") REFERENCES "public"."sekolah"("sekolah_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_semester_id_semester_semester_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semester"("semester_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "role_user_user_semester_idx" ON "role_user" USING btree ("user_id","semester_id");--> statement-breakpoint
CREATE INDEX "role_user_sekolah_semester_idx" ON "role_user" USING btree ("sekolah_id","semester_id");--> statement-breakpoint
CREATE INDEX "users_sekolah_idx" ON "users" USING btree ("sekolah_id");--> statement-breakpoint
CREATE INDEX "users_guru_idx" ON "users" USING btree ("guru_id");--> statement-breakpoint
CREATE INDEX "users_peserta_didik_idx" ON "users" USING btree ("peserta_didik_id");--> statement-breakpoint
CREATE UNIQUE INDEX "semester_one_active" ON "semester" USING btree ("periode_aktif") WHERE "semester"."periode_aktif";--> statement-breakpoint
CREATE INDEX "settings_sekolah_idx" ON "settings" USING btree ("sekolah_id");