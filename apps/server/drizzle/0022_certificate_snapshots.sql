DROP INDEX "certificates_redeem_kind_key";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "fullname" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "program_title" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "program_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "competences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "certificate_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status" text DEFAULT 'valid' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
-- Certificates issued before this migration get their own copy from today's data: what they
-- printed until now (the same rules as certificates.repository.ts `snapshotsFor`).
UPDATE "certificates" AS c SET
	"fullname" = m."fullname",
	"program_title" = p."title",
	"program_minutes" = coalesce((
		SELECT round(sum((a."settings" ->> 'estimated_duration')::numeric))::integer
		FROM "activities" a JOIN "topics" t ON t."id" = a."topic_id"
		WHERE a."program_id" = p."id" AND a."status" = 'publish' AND t."status" = 'publish'
			AND (a."settings" ->> 'estimated_duration') ~ '^[0-9]+(\.[0-9]+)?$'
	), 0),
	"competences" = p."competence",
	"template" = CASE WHEN p."is_prakerja" THEN 'prakerja' ELSE 'umum' END,
	"certificate_date" = CASE
		WHEN c."kind" = 'graduation' AND r."end_test_at" IS NOT NULL THEN r."end_test_at"
		ELSE c."issued_at" END
FROM "member_redeems" r
	JOIN "members" m ON m."id" = r."member_id"
	JOIN "programs" p ON p."id" = r."program_id"
WHERE r."id" = c."member_redeem_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "fullname" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "program_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "template" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "certificate_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaces_id_certificates_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_replaces_key" ON "certificates" USING btree ("replaces_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_redeem_kind_key" ON "certificates" USING btree ("member_redeem_id","kind") WHERE "certificates"."status" <> 'replaced';
