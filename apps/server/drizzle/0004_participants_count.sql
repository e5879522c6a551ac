ALTER TABLE "programs" ADD COLUMN "participants_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "programs_participants_idx" ON "programs" USING btree ("participants_count","created_at");--> statement-breakpoint
CREATE INDEX "programs_status_participants_idx" ON "programs" USING btree ("status","participants_count","created_at");--> statement-breakpoint
UPDATE "programs" SET "participants_count" = (SELECT count(*) FROM "member_redeems" WHERE "member_redeems"."program_id" = "programs"."id");--> statement-breakpoint
CREATE FUNCTION "member_redeems_participants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "programs" SET "participants_count" = "participants_count" - 1 WHERE "id" = OLD."program_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "programs" SET "participants_count" = "participants_count" + 1 WHERE "id" = NEW."program_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_redeems_participants" AFTER INSERT OR DELETE OR UPDATE OF "program_id" ON "member_redeems" FOR EACH ROW EXECUTE FUNCTION "member_redeems_participants"();
