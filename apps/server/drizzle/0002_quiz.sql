CREATE TABLE "gameplays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid,
	"type" text NOT NULL,
	"question" jsonb,
	"point" numeric DEFAULT 0 NOT NULL,
	"time" integer,
	"duration" integer,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matching_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"packet_id" uuid NOT NULL,
	"section_id" uuid,
	"is_group" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_packets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid,
	"group_id" uuid,
	"seq" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"question" jsonb NOT NULL,
	"instruction" jsonb,
	"audio" jsonb,
	"question_type" text DEFAULT 'text' NOT NULL,
	"answer_type" text DEFAULT 'text' NOT NULL,
	"point" numeric DEFAULT 5 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct_answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" jsonb,
	"status" text DEFAULT 'publish' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"packet_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_score" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gameplays" ADD CONSTRAINT "gameplays_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_packet_id_question_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."question_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_section_id_quiz_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."quiz_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_packets" ADD CONSTRAINT "question_packets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_group_id_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."question_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sections" ADD CONSTRAINT "quiz_sections_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_sections" ADD CONSTRAINT "quiz_sections_packet_id_question_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."question_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gameplays_activity_idx" ON "gameplays" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "question_groups_packet_idx" ON "question_groups" USING btree ("packet_id","created_at");--> statement-breakpoint
CREATE INDEX "question_groups_section_idx" ON "question_groups" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "question_packets_activity_created_idx" ON "question_packets" USING btree ("activity_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_group_seq_idx" ON "questions" USING btree ("group_id","seq");--> statement-breakpoint
CREATE INDEX "questions_activity_idx" ON "questions" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "quiz_sections_packet_idx" ON "quiz_sections" USING btree ("packet_id","created_at");