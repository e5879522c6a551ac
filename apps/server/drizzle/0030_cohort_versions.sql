ALTER TABLE "activities" ADD COLUMN "quiz_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
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
CREATE TRIGGER "topics_outline_changed" AFTER INSERT OR DELETE OR UPDATE OF "program_id", "seq", "status" ON "topics" FOR EACH ROW EXECUTE FUNCTION "program_outline_changed"();--> statement-breakpoint
CREATE FUNCTION "quiz_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb[] := ARRAY[]::jsonb[];
  r jsonb;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN changed := changed || to_jsonb(OLD); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN changed := changed || to_jsonb(NEW); END IF;
  FOREACH r IN ARRAY changed LOOP
    UPDATE "activities" SET "quiz_version" = "quiz_version" + 1 WHERE "id" = COALESCE(
      (r ->> 'activity_id')::uuid,
      (SELECT p."activity_id" FROM "question_packets" p WHERE p."id" = (r ->> 'packet_id')::uuid),
      (SELECT p."activity_id" FROM "question_groups" g
        JOIN "question_packets" p ON p."id" = g."packet_id"
        WHERE g."id" = (r ->> 'group_id')::uuid));
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "question_packets_quiz_changed" AFTER INSERT OR UPDATE OR DELETE ON "question_packets" FOR EACH ROW EXECUTE FUNCTION "quiz_changed"();--> statement-breakpoint
CREATE TRIGGER "question_groups_quiz_changed" AFTER INSERT OR UPDATE OR DELETE ON "question_groups" FOR EACH ROW EXECUTE FUNCTION "quiz_changed"();--> statement-breakpoint
CREATE TRIGGER "quiz_sections_quiz_changed" AFTER INSERT OR UPDATE OR DELETE ON "quiz_sections" FOR EACH ROW EXECUTE FUNCTION "quiz_changed"();--> statement-breakpoint
CREATE TRIGGER "questions_quiz_changed" AFTER INSERT OR UPDATE OR DELETE ON "questions" FOR EACH ROW EXECUTE FUNCTION "quiz_changed"();
