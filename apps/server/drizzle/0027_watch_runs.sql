ALTER TABLE "activity_progress" ADD COLUMN "video_counted_position" double precision;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_run_position" double precision;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_run_at" timestamp with time zone;--> statement-breakpoint
-- Watching in progress goes on counting from its last report.
UPDATE "activity_progress" SET "video_counted_position" = "video_position", "video_counted_at" = "video_reported_at", "video_run_position" = "video_position", "video_run_at" = "video_reported_at" WHERE "video_reported_at" IS NOT NULL AND "video_position" IS NOT NULL;
