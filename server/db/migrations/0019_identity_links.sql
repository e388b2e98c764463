CREATE TABLE "identity_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text,
	"status" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "identity_links_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "identity_links_provider_subject_key" UNIQUE("provider_id","subject"),
	CONSTRAINT "identity_links_status_check" CHECK ("identity_links"."status" in ('pending', 'linked'))
);
--> statement-breakpoint
ALTER TABLE "identity_oauth_transactions" ADD COLUMN "identity_link_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_provider_id_company_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."company_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_links_company_id_idx" ON "identity_links" USING btree ("company_id");