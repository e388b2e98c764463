ALTER TABLE "control_evidence" ADD COLUMN "effective_on" date;--> statement-breakpoint
-- Hand-written: evidence recorded before effective dates speaks for the day it was added (UTC), or for its
-- expiry day when that came earlier.
UPDATE "control_evidence" SET "effective_on" = least(("created_at" at time zone 'UTC')::date, coalesce("expires_on", ("created_at" at time zone 'UTC')::date));--> statement-breakpoint
ALTER TABLE "control_evidence" ALTER COLUMN "effective_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "control_evidence" ADD CONSTRAINT "control_evidence_validity_check" CHECK ("control_evidence"."expires_on" is null or "control_evidence"."expires_on" >= "control_evidence"."effective_on");
