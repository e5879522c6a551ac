-- One foreign key from a progress row to its activity, topic and program together, in place of
-- three: the score import writes up to 100,000 rows and each foreign key is a lookup a row. The
-- activity's own keys already hold its topic and program, so nothing less is checked, and a row's
-- program and topic can no longer differ from its activity's. The unique index comes first: the
-- key refers to it.
CREATE UNIQUE INDEX "activities_id_topic_program_key" ON "activities" USING btree ("id","topic_id","program_id");--> statement-breakpoint
ALTER TABLE "activity_progress" DROP CONSTRAINT "activity_progress_program_id_programs_id_fk";--> statement-breakpoint
ALTER TABLE "activity_progress" DROP CONSTRAINT "activity_progress_topic_id_topics_id_fk";--> statement-breakpoint
ALTER TABLE "activity_progress" DROP CONSTRAINT "activity_progress_activity_id_activities_id_fk";--> statement-breakpoint
ALTER TABLE "activity_progress" ADD CONSTRAINT "activity_progress_activity_fk" FOREIGN KEY ("activity_id","topic_id","program_id") REFERENCES "public"."activities"("id","topic_id","program_id") ON DELETE cascade ON UPDATE no action;
