CREATE TABLE "approval_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_by_name" text NOT NULL,
	"format_version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_snapshots_decision_check" CHECK ("approval_snapshots"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "approval_snapshots" ADD CONSTRAINT "approval_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_snapshots" ADD CONSTRAINT "approval_snapshots_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_snapshots_application_idx" ON "approval_snapshots" USING btree ("application_id","decided_at");--> statement-breakpoint
-- Hand-written: a snapshot is never changed once written (deleting it with its application stays possible).
CREATE FUNCTION "approval_snapshots_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'approval snapshots cannot be changed'; END $$;--> statement-breakpoint
CREATE TRIGGER "approval_snapshots_no_update" BEFORE UPDATE ON "approval_snapshots" FOR EACH ROW EXECUTE FUNCTION "approval_snapshots_immutable"();
