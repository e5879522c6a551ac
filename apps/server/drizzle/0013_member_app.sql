CREATE TABLE "member_idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"scope" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_redeem_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"gameplay_id" uuid NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"points" numeric DEFAULT 0 NOT NULL,
	"max_points" numeric DEFAULT 0 NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "photo_media_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_position" double precision;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_max_position" double precision;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_duration" double precision;--> statement-breakpoint
ALTER TABLE "member_idempotency_keys" ADD CONSTRAINT "member_idempotency_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_password_resets" ADD CONSTRAINT "member_password_resets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_answers" ADD CONSTRAINT "popup_answers_member_redeem_id_member_redeems_id_fk" FOREIGN KEY ("member_redeem_id") REFERENCES "public"."member_redeems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_answers" ADD CONSTRAINT "popup_answers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_answers" ADD CONSTRAINT "popup_answers_gameplay_id_gameplays_id_fk" FOREIGN KEY ("gameplay_id") REFERENCES "public"."gameplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_idempotency_keys_member_key" ON "member_idempotency_keys" USING btree ("member_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_password_resets_token_hash_key" ON "member_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_password_resets_member_idx" ON "member_password_resets" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "popup_answers_redeem_gameplay_key" ON "popup_answers" USING btree ("member_redeem_id","gameplay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "popup_answers_redeem_idempotency_key" ON "popup_answers" USING btree ("member_redeem_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "popup_answers_activity_idx" ON "popup_answers" USING btree ("activity_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_photo_media_id_media_id_fk" FOREIGN KEY ("photo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;