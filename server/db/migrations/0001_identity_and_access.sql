CREATE TABLE "resource_group_resources" (
	"resource_group_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	CONSTRAINT "resource_group_resources_resource_group_id_resource_id_pk" PRIMARY KEY("resource_group_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "resource_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_groups_company_name_key" UNIQUE("company_id","name"),
	CONSTRAINT "resource_groups_group_type_check" CHECK ("resource_groups"."group_type" in ('ALL', 'SELECTED'))
);
--> statement-breakpoint
CREATE TABLE "role_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"resource_group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_assignments_user_role_group_key" UNIQUE("user_id","role_id","resource_group_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"sub" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_sub_unique" UNIQUE("sub"),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "identity_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_attempts_kind_check" CHECK ("identity_attempts"."kind" in ('sign_in', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "identity_captcha_used" (
	"signature" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_codes_purpose_check" CHECK ("identity_codes"."purpose" in ('reset_password'))
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub" uuid NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "identity_sessions_refreshTokenHash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"sub" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_users_username_unique" UNIQUE("username"),
	CONSTRAINT "identity_users_status_check" CHECK ("identity_users"."status" in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD'))
);
--> statement-breakpoint
ALTER TABLE "resource_group_resources" ADD CONSTRAINT "resource_group_resources_resource_group_id_resource_groups_id_fk" FOREIGN KEY ("resource_group_id") REFERENCES "public"."resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD CONSTRAINT "role_assignments_resource_group_id_resource_groups_id_fk" FOREIGN KEY ("resource_group_id") REFERENCES "public"."resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_group_resources_resource_idx" ON "resource_group_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "role_assignments_company_idx" ON "role_assignments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "role_assignments_group_idx" ON "role_assignments" USING btree ("resource_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "identity_attempts_kind_key_at_idx" ON "identity_attempts" USING btree ("kind","key","at");--> statement-breakpoint
CREATE INDEX "identity_attempts_at_idx" ON "identity_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "identity_captcha_used_used_at_idx" ON "identity_captcha_used" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "identity_codes_sub_idx" ON "identity_codes" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "identity_sessions_sub_idx" ON "identity_sessions" USING btree ("sub");--> statement-breakpoint
-- The four roles of spec §6 are reference data every database needs, demo data or not.
INSERT INTO "roles" ("name") VALUES ('Administrator'), ('ApplicationContributor'), ('ApplicationReviewer'), ('ApplicationApprover') ON CONFLICT ("name") DO NOTHING;