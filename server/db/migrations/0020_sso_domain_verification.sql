-- Domains claimed before proof existed route no one until their company verifies them.
ALTER TABLE "company_sso_domains" DROP CONSTRAINT "company_sso_domains_pkey";--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_pkey" PRIMARY KEY("company_id","domain");--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD COLUMN "check_failure" text;--> statement-breakpoint
CREATE UNIQUE INDEX "company_sso_domains_verified_key" ON "company_sso_domains" USING btree ("domain") WHERE "company_sso_domains"."status" = 'verified';--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_status_check" CHECK ("company_sso_domains"."status" in ('pending', 'verified'));