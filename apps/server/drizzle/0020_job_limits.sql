DROP INDEX "vouchers_program_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
CREATE INDEX "jobs_active_idx" ON "jobs" USING btree ("user_id","kind") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "vouchers_program_idx" ON "vouchers" USING btree ("program_id","created_at","id");