ALTER TABLE "programs" ADD COLUMN "outline_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "program_outline_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "programs" SET "outline_version" = "outline_version" + 1 WHERE "id" = OLD."program_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."program_id" IS DISTINCT FROM OLD."program_id") THEN
    UPDATE "programs" SET "outline_version" = "outline_version" + 1 WHERE "id" = NEW."program_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "activities_outline_changed" AFTER INSERT OR DELETE OR UPDATE OF "program_id", "topic_id", "name", "type", "seq", "status", "settings", "content" ON "activities" FOR EACH ROW EXECUTE FUNCTION "program_outline_changed"();--> statement-breakpoint
CREATE TRIGGER "topics_outline_changed" AFTER INSERT OR DELETE OR UPDATE OF "program_id", "seq", "status" ON "topics" FOR EACH ROW EXECUTE FUNCTION "program_outline_changed"();
