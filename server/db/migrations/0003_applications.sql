CREATE TABLE "application_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"assessed_by_id" uuid,
	"assessed_by_name" text NOT NULL,
	"details" jsonb NOT NULL,
	"risk_tier" text,
	"risk_descriptors" jsonb NOT NULL,
	"rules_fired" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text,
	"size" integer,
	"processing_item_id" uuid NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_documents_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "application_role_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_role_assignments_key" UNIQUE("application_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"owner_id" uuid,
	"details" jsonb NOT NULL,
	"risk_tier" text,
	"risk_descriptors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules_fired" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tier_rule_outcomes" jsonb NOT NULL,
	"approval_status" text DEFAULT 'draft' NOT NULL,
	"development_status" text DEFAULT 'idea' NOT NULL,
	"submitted_by" uuid,
	"approval_reset_reason" text,
	"approved_at" timestamp with time zone,
	"last_reviewed_at" timestamp with time zone,
	"next_review_due" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_risk_tier_check" CHECK ("applications"."risk_tier" is null or "applications"."risk_tier" in ('prohibited', 'high', 'medium', 'low')),
	CONSTRAINT "applications_approval_status_check" CHECK ("applications"."approval_status" in ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'changes_requested')),
	CONSTRAINT "applications_development_status_check" CHECK ("applications"."development_status" in ('idea', 'in_development', 'testing', 'deployed', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "processing_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_items_status_check" CHECK ("processing_items"."status" in ('created', 'waiting', 'analyzing', 'ready', 'error'))
);
--> statement-breakpoint
ALTER TABLE "application_assessments" ADD CONSTRAINT "application_assessments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_assessments" ADD CONSTRAINT "application_assessments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_processing_item_id_processing_items_id_fk" FOREIGN KEY ("processing_item_id") REFERENCES "public"."processing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_role_assignments" ADD CONSTRAINT "application_role_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_role_assignments" ADD CONSTRAINT "application_role_assignments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_role_assignments" ADD CONSTRAINT "application_role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_role_assignments" ADD CONSTRAINT "application_role_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_items" ADD CONSTRAINT "processing_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_assessments_app_idx" ON "application_assessments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_comments_app_idx" ON "application_comments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_documents_app_idx" ON "application_documents" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_role_assignments_user_idx" ON "application_role_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_company_name_key" ON "applications" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applications_company_updated_idx" ON "applications" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "applications_company_tier_idx" ON "applications" USING btree ("company_id","risk_tier");--> statement-breakpoint
CREATE INDEX "applications_company_approval_idx" ON "applications" USING btree ("company_id","approval_status");--> statement-breakpoint
CREATE INDEX "processing_items_waiting_idx" ON "processing_items" USING btree ("status","created_at");--> statement-breakpoint
-- Until now groups could list ids of applications that did not exist; none can exist before this migration.
DELETE FROM "resource_group_resources";--> statement-breakpoint
ALTER TABLE "resource_group_resources" ADD CONSTRAINT "resource_group_resources_resource_id_applications_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;