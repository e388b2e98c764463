CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "risk_rank" smallint GENERATED ALWAYS AS (case "risk_tier" when 'prohibited' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "approval_rank" smallint GENERATED ALWAYS AS (case "approval_status" when 'draft' then 0 when 'submitted' then 1 when 'in_review' then 2 when 'approved' then 3 when 'rejected' then 4 when 'changes_requested' then 5 else 6 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "development_rank" smallint GENERATED ALWAYS AS (case "development_status" when 'idea' then 0 when 'in_development' then 1 when 'testing' then 2 when 'deployed' then 3 when 'retired' then 4 else 5 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_controls" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_company_name_id_idx" ON "applications" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "applications_company_risk_rank_idx" ON "applications" USING btree ("company_id","risk_rank","id");--> statement-breakpoint
CREATE INDEX "applications_company_approval_rank_idx" ON "applications" USING btree ("company_id","approval_rank","id");--> statement-breakpoint
CREATE INDEX "applications_company_development_rank_idx" ON "applications" USING btree ("company_id","development_rank","id");--> statement-breakpoint
CREATE INDEX "applications_name_trgm_idx" ON "applications" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_description_trgm_idx" ON "applications" USING gin ("description" gin_trgm_ops);