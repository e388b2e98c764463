DROP INDEX "applications_company_approval_idx";--> statement-breakpoint
CREATE INDEX "applications_company_metrics_idx" ON "applications" USING btree ("company_id","risk_tier","approval_status","development_status","next_review_due","id");--> statement-breakpoint
CREATE INDEX "applications_owner_review_idx" ON "applications" USING btree ("owner_id","next_review_due","company_id");--> statement-breakpoint
CREATE INDEX "applications_company_review_idx" ON "applications" USING btree ("company_id","next_review_due","id");--> statement-breakpoint
CREATE INDEX "applications_owner_reset_idx" ON "applications" USING btree ("owner_id") WHERE "applications"."approval_reset_reason" is not null;--> statement-breakpoint
CREATE INDEX "applications_company_fairness_idx" ON "applications" USING btree ("company_id","id","development_status") WHERE "applications"."risk_descriptors" @> '[{"key":"fairness"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "application_controls_owner_open_idx" ON "application_controls" USING btree ("owner_id","due_date","application_id","company_id") WHERE "application_controls"."status" in ('not_started', 'in_progress');--> statement-breakpoint
CREATE INDEX "control_evidence_added_by_expiry_idx" ON "control_evidence" USING btree ("added_by_id","expires_on","application_id","company_id") WHERE "control_evidence"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "applications_company_approval_idx" ON "applications" USING btree ("company_id","approval_status",lower("name") collate "C","id");