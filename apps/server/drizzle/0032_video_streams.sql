ALTER TABLE "media" ADD COLUMN "video_status" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "video_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hls_prefix" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hls_heights" integer[];