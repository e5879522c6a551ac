CREATE TABLE "member_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"notice_version" integer NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_notices_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_consents_member_idx" ON "member_consents" USING btree ("member_id","notice_version");--> statement-breakpoint
-- Erasing a participant de-identifies the audit entries about them (docs/decisions.md, "Erasing a
-- participant's account: the audit trail"): in the erasure's transaction, which sets
-- `ajar.erasure` to the member's id, an entry whose subject is that member may have its
-- before/after values rewritten, and nothing else. Every other update is refused as before.
CREATE OR REPLACE FUNCTION "refuse_record_rewrite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: learning_events has no subject_type, and one expression naming it would fail there.
  IF TG_TABLE_NAME = 'audit_events' THEN
    IF OLD.subject_type = 'member'
      AND coalesce(current_setting('ajar.erasure', true), '') = OLD.subject_id::text
      AND to_jsonb(NEW) - ARRAY['before', 'after'] = to_jsonb(OLD) - ARRAY['before', 'after']
    THEN
      RETURN NEW;
    END IF;
  END IF;
  IF NEW.id <> OLD.id OR NEW.created_at <> OLD.created_at
    OR to_jsonb(NEW) - ARRAY['activity_id', 'actor_user_id', 'program_id']
      <> to_jsonb(OLD) - ARRAY['activity_id', 'actor_user_id', 'program_id']
  THEN
    RAISE EXCEPTION '% is append only', TG_TABLE_NAME;
  END IF;
  RETURN NEW;
END $$;
