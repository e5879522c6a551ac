CREATE TABLE "member_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurrence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reminders_once_key" ON "member_reminders" USING btree ("member_id","activity_id","kind","occurrence");--> statement-breakpoint
CREATE INDEX "member_reminders_activity_idx" ON "member_reminders" USING btree ("activity_id");