CREATE TABLE "model_endpoints" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"protocol" text NOT NULL,
	"model" text,
	"token_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "model_endpoints_protocol_check" CHECK ("model_endpoints"."protocol" in ('kserve_v1', 'openai_chat'))
);
--> statement-breakpoint
CREATE TABLE "testing_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"processing_item_id" uuid NOT NULL,
	"data_source" text NOT NULL,
	"name" text,
	"document_id" uuid,
	"columns" jsonb,
	"population" jsonb,
	"error_params" jsonb,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"results" jsonb,
	"started_by_id" uuid,
	"started_by_name" text NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testing_tasks_processingItemId_unique" UNIQUE("processing_item_id"),
	CONSTRAINT "testing_tasks_data_source_check" CHECK ("testing_tasks"."data_source" in ('fairness_ml_user', 'fairness_ml_synthetic', 'fairness_llm_user'))
);
--> statement-breakpoint
ALTER TABLE "model_endpoints" ADD CONSTRAINT "model_endpoints_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_endpoints" ADD CONSTRAINT "model_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tasks" ADD CONSTRAINT "testing_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tasks" ADD CONSTRAINT "testing_tasks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tasks" ADD CONSTRAINT "testing_tasks_processing_item_id_processing_items_id_fk" FOREIGN KEY ("processing_item_id") REFERENCES "public"."processing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tasks" ADD CONSTRAINT "testing_tasks_document_id_application_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."application_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_tasks" ADD CONSTRAINT "testing_tasks_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testing_tasks_application_idx" ON "testing_tasks" USING btree ("application_id","created_at","id");--> statement-breakpoint
CREATE INDEX "testing_tasks_finished_idx" ON "testing_tasks" USING btree ("company_id","finished_at");