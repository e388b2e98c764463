CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"occurred_at" timestamp with time zone,
	"detected_at" timestamp with time zone NOT NULL,
	"affected_people" integer,
	"serious" boolean DEFAULT false NOT NULL,
	"serious_type" text,
	"report_deadline" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"root_cause" text,
	"corrective_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"severity_rank" smallint GENERATED ALWAYS AS (case "severity" when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end) STORED NOT NULL,
	"status_rank" smallint GENERATED ALWAYS AS (case "status" when 'open' then 0 when 'investigating' then 1 when 'resolved' then 2 when 'closed' then 3 else 4 end) STORED NOT NULL,
	CONSTRAINT "incidents_severity_check" CHECK ("incidents"."severity" in ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('open', 'investigating', 'resolved', 'closed')),
	CONSTRAINT "incidents_serious_type_check" CHECK ("incidents"."serious_type" is null or "incidents"."serious_type" in ('death', 'widespread_infringement', 'critical_infrastructure', 'health_harm', 'fundamental_rights', 'property_environment')),
	CONSTRAINT "incidents_serious_check" CHECK (("incidents"."serious" and "incidents"."serious_type" is not null and "incidents"."report_deadline" is not null) or (not "incidents"."serious" and "incidents"."serious_type" is null and "incidents"."report_deadline" is null)),
	CONSTRAINT "incidents_affected_people_check" CHECK ("incidents"."affected_people" is null or "incidents"."affected_people" >= 0)
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_company_detected_idx" ON "incidents" USING btree ("company_id","detected_at","id");--> statement-breakpoint
CREATE INDEX "incidents_company_title_idx" ON "incidents" USING btree ("company_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "incidents_company_severity_rank_idx" ON "incidents" USING btree ("company_id","severity_rank","id");--> statement-breakpoint
CREATE INDEX "incidents_company_status_rank_idx" ON "incidents" USING btree ("company_id","status_rank","id");--> statement-breakpoint
CREATE INDEX "incidents_company_deadline_idx" ON "incidents" USING btree ("company_id","report_deadline","id");--> statement-breakpoint
CREATE INDEX "incidents_company_created_idx" ON "incidents" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "incidents_company_updated_idx" ON "incidents" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "incidents_application_idx" ON "incidents" USING btree ("application_id","detected_at");--> statement-breakpoint
CREATE INDEX "incidents_report_awaited_idx" ON "incidents" USING btree ("report_deadline") WHERE "incidents"."serious" and "incidents"."reported_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_title_trgm_idx" ON "incidents" USING gin ("title" gin_trgm_ops);