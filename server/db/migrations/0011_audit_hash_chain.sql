ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
-- Hand-written: entries written before the chain take their places in created order, their times kept to the
-- millisecond the chain hashes; the start-up hashes them.
UPDATE "audit_log" SET "seq" = ordered."seq", "created_at" = date_trunc('milliseconds', "audit_log"."created_at") FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id" ORDER BY "created_at", "id") AS "seq" FROM "audit_log") AS ordered WHERE ordered."id" = "audit_log"."id";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_company_seq_key" ON "audit_log" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_company_actor_idx" ON "audit_log" USING btree ("company_id","actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_idx" ON "audit_log" USING btree ("company_id","action","seq");