CREATE TABLE "application_compliance" (
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"applicable" integer NOT NULL,
	"implemented" integer NOT NULL,
	"not_applicable" integer NOT NULL,
	"in_progress" integer NOT NULL,
	CONSTRAINT "application_compliance_application_id_framework_id_pk" PRIMARY KEY("application_id","framework_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_summary_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"library_hash" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_compliance" ADD CONSTRAINT "application_compliance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_compliance" ADD CONSTRAINT "application_compliance_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_compliance_company_framework_idx" ON "application_compliance" USING btree ("company_id","framework_id","application_id","applicable","implemented","not_applicable","in_progress");--> statement-breakpoint
CREATE INDEX "applications_company_id_idx" ON "applications" USING btree ("company_id","id");