ALTER TABLE "members" ADD COLUMN "offline_at" timestamp with time zone;--> statement-breakpoint
-- Redeem codes already used twice in one program (before this index) keep the oldest as typed;
-- later ones get "-" and the start of their redemption id, so the index can be built.
UPDATE "member_redeems" AS r SET "pmo_code" = r."pmo_code" || '-' || left(r."id"::text, 8)
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "program_id", lower("pmo_code") ORDER BY "created_at", "id") AS n
  FROM "member_redeems" WHERE "pmo_code" IS NOT NULL
) AS d
WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "member_redeems_program_pmo_key" ON "member_redeems" USING btree ("program_id",lower("pmo_code"));