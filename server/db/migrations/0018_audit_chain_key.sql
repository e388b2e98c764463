CREATE TABLE "audit_chain_state" (
	"step" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash_scheme" text DEFAULT 'hmac-sha256' NOT NULL;--> statement-breakpoint
-- Hand-written: every entry already written was hashed (or is to be chained) without the key; the one-time start-up
-- job then closes each such chain with a keyed entry (server/audit/backfill.ts).
UPDATE "audit_log" SET "hash_scheme" = 'sha256';
