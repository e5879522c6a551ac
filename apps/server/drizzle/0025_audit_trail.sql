ALTER TABLE "audit_events" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_ip" text;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","created_at");--> statement-breakpoint
-- The audit trail refuses DELETE and TRUNCATE as it refuses UPDATE: only the retention job
-- removes entries, in a transaction that sets `ajar.retention` (SET LOCAL / set_config(…, true)).
-- A session setting rather than a SECURITY DEFINER function: PGlite has one role, so a definer
-- would not separate anything there, and the same check runs on both databases.
CREATE FUNCTION "refuse_audit_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ajar.retention', true), '') <> 'on' THEN
    RAISE EXCEPTION '% is append only', TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_delete" BEFORE DELETE OR TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_audit_delete"();
