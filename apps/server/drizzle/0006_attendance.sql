CREATE TABLE "attendances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_redeem_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"schedule_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_member_redeem_id_member_redeems_id_fk" FOREIGN KEY ("member_redeem_id") REFERENCES "public"."member_redeems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_redeem_activity_schedule_key" ON "attendances" USING btree ("member_redeem_id","activity_id","schedule_key");--> statement-breakpoint
CREATE INDEX "attendances_program_created_idx" ON "attendances" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "attendances_topic_created_idx" ON "attendances" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "attendances_activity_idx" ON "attendances" USING btree ("activity_id");