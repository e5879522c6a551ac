CREATE TABLE "member_discussion_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_discussion_reads" ADD CONSTRAINT "member_discussion_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_discussion_reads" ADD CONSTRAINT "member_discussion_reads_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_discussion_reads_member_activity_key" ON "member_discussion_reads" USING btree ("member_id","activity_id");--> statement-breakpoint
CREATE INDEX "member_discussion_reads_activity_idx" ON "member_discussion_reads" USING btree ("activity_id");