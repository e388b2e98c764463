CREATE TABLE "application_vendors" (
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	CONSTRAINT "application_vendors_application_id_vendor_id_pk" PRIMARY KEY("application_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"description" text,
	"services_provided" text,
	"contact" text,
	"status" text DEFAULT 'active' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"risk_level" text NOT NULL,
	"risk_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status_check" CHECK ("vendors"."status" in ('active', 'under_review', 'offboarded')),
	CONSTRAINT "vendors_risk_level_check" CHECK ("vendors"."risk_level" in ('high', 'medium', 'low'))
);
--> statement-breakpoint
CREATE TABLE "application_controls" (
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"justification" text,
	"owner_id" uuid,
	"due_date" date,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_controls_application_id_control_id_pk" PRIMARY KEY("application_id","control_id"),
	CONSTRAINT "application_controls_status_check" CHECK ("application_controls"."status" in ('not_started', 'in_progress', 'implemented', 'not_applicable'))
);
--> statement-breakpoint
CREATE TABLE "application_framework_settings" (
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_framework_settings_application_id_framework_id_pk" PRIMARY KEY("application_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "company_framework_settings" (
	"company_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"notes" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_framework_settings_company_id_framework_id_pk" PRIMARY KEY("company_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "control_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"control_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"storage_key" text,
	"content_type" text,
	"size" integer,
	"processing_item_id" uuid,
	"expires_on" date,
	"added_by_id" uuid,
	"added_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "control_evidence_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "control_evidence_kind_check" CHECK (("control_evidence"."kind" = 'link' and "control_evidence"."url" is not null) or ("control_evidence"."kind" = 'file' and "control_evidence"."storage_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "application_vendors" ADD CONSTRAINT "application_vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_vendors" ADD CONSTRAINT "application_vendors_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_vendors" ADD CONSTRAINT "application_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_controls" ADD CONSTRAINT "application_controls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_controls" ADD CONSTRAINT "application_controls_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_controls" ADD CONSTRAINT "application_controls_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_framework_settings" ADD CONSTRAINT "application_framework_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_framework_settings" ADD CONSTRAINT "application_framework_settings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_framework_settings" ADD CONSTRAINT "application_framework_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_framework_settings" ADD CONSTRAINT "company_framework_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_framework_settings" ADD CONSTRAINT "company_framework_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_evidence" ADD CONSTRAINT "control_evidence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_evidence" ADD CONSTRAINT "control_evidence_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_evidence" ADD CONSTRAINT "control_evidence_processing_item_id_processing_items_id_fk" FOREIGN KEY ("processing_item_id") REFERENCES "public"."processing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_vendors_vendor_idx" ON "application_vendors" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_company_name_key" ON "vendors" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "application_controls_owner_idx" ON "application_controls" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "control_evidence_control_idx" ON "control_evidence" USING btree ("application_id","control_id");--> statement-breakpoint
CREATE INDEX "control_evidence_expiry_idx" ON "control_evidence" USING btree ("company_id","expires_on");