CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_watched" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "video_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "content_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "link_followed_at" timestamp with time zone;