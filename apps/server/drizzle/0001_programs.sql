CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiz" jsonb,
	"is_clone" boolean DEFAULT false NOT NULL,
	"clone_of" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_facilitators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"picture_media_id" uuid,
	"picture_url" text,
	"user_id" uuid,
	"seq" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'online' NOT NULL,
	"program_benefits" text DEFAULT '' NOT NULL,
	"study_id" uuid,
	"competence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_media_id" uuid,
	"cover_url" text,
	"discount_price" bigint,
	"selling_price" bigint DEFAULT 0 NOT NULL,
	"selling_link" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_prakerja" boolean DEFAULT false NOT NULL,
	"end_test_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_redeems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"reseller_id" uuid,
	"license" text NOT NULL,
	"pmo_code" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_test_at" timestamp with time zone,
	"end_test_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fullname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"date_of_birth" date,
	"password_hash" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fullname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referral_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_facilitators" ADD CONSTRAINT "program_facilitators_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_facilitators" ADD CONSTRAINT "program_facilitators_picture_media_id_media_id_fk" FOREIGN KEY ("picture_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_facilitators" ADD CONSTRAINT "program_facilitators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_cover_media_id_media_id_fk" FOREIGN KEY ("cover_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_redeems" ADD CONSTRAINT "member_redeems_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_redeems" ADD CONSTRAINT "member_redeems_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_redeems" ADD CONSTRAINT "member_redeems_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_topic_seq_idx" ON "activities" USING btree ("topic_id","seq");--> statement-breakpoint
CREATE INDEX "activities_program_idx" ON "activities" USING btree ("program_id","type");--> statement-breakpoint
CREATE INDEX "program_facilitators_program_idx" ON "program_facilitators" USING btree ("program_id","seq");--> statement-breakpoint
CREATE INDEX "program_facilitators_user_idx" ON "program_facilitators" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "programs_status_created_idx" ON "programs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "programs_title_lower_idx" ON "programs" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "programs_study_idx" ON "programs" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "topics_program_seq_idx" ON "topics" USING btree ("program_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "member_redeems_license_key" ON "member_redeems" USING btree ("license");--> statement-breakpoint
CREATE INDEX "member_redeems_program_idx" ON "member_redeems" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "member_redeems_member_idx" ON "member_redeems" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_redeems_reseller_idx" ON "member_redeems" USING btree ("reseller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_key" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_email_key" ON "resellers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_referral_code_key" ON "resellers" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "resellers_created_idx" ON "resellers" USING btree ("created_at");