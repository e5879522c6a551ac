ALTER TABLE "programs" ADD COLUMN "certificate_validity" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "valid_until" timestamp with time zone;