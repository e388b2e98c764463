DROP INDEX "application_vendors_vendor_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "foundation_model_vendor_id" text GENERATED ALWAYS AS (details->>'foundation_model_vendor_id') STORED;--> statement-breakpoint
CREATE INDEX "applications_foundation_model_vendor_idx" ON "applications" USING btree ("foundation_model_vendor_id","id") WHERE "applications"."foundation_model_vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "application_vendors_vendor_application_idx" ON "application_vendors" USING btree ("vendor_id","application_id");--> statement-breakpoint
DROP INDEX "applications_company_name_id_idx";--> statement-breakpoint
CREATE INDEX "applications_company_name_id_idx" ON "applications" USING btree ("company_id",lower("name"),"id") INCLUDE ("name");
