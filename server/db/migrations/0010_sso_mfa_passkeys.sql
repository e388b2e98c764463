CREATE TABLE "identity_oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_oauth_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upstream_state_hash" text NOT NULL,
	"provider_id" uuid,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"nonce" text NOT NULL,
	"upstream_verifier" text NOT NULL,
	"provider_test_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_oauth_transactions_upstreamStateHash_unique" UNIQUE("upstream_state_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_webauthn_credentials" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"sub" uuid NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"friendly_name" text NOT NULL,
	"relying_party_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"issuer_url" text,
	"client_id" text,
	"client_secret" text,
	"metadata_url" text,
	"jit_mode" text NOT NULL,
	"default_role" text,
	"default_resource_group_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_identity_providers_company_name_key" UNIQUE("company_id","name"),
	CONSTRAINT "company_identity_providers_type_check" CHECK ("company_identity_providers"."type" in ('oidc', 'saml')),
	CONSTRAINT "company_identity_providers_jit_mode_check" CHECK ("company_identity_providers"."jit_mode" in ('create', 'existing_only'))
);
--> statement-breakpoint
CREATE TABLE "company_sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by_id" uuid,
	"settings" jsonb NOT NULL,
	"status" text NOT NULL,
	"steps" jsonb NOT NULL,
	"claims" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_attempts" DROP CONSTRAINT "identity_attempts_kind_check";--> statement-breakpoint
ALTER TABLE "identity_codes" DROP CONSTRAINT "identity_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "identity_users" DROP CONSTRAINT "identity_users_status_check";--> statement-breakpoint
ALTER TABLE "identity_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mfa_policy" text DEFAULT 'optional' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "email_mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "preferred_mfa" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "federated_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_oauth_codes" ADD CONSTRAINT "identity_oauth_codes_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_webauthn_challenges" ADD CONSTRAINT "identity_webauthn_challenges_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_webauthn_credentials" ADD CONSTRAINT "identity_webauthn_credentials_sub_identity_users_sub_fk" FOREIGN KEY ("sub") REFERENCES "public"."identity_users"("sub") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_identity_providers" ADD CONSTRAINT "company_identity_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_identity_providers" ADD CONSTRAINT "company_identity_providers_default_resource_group_id_resource_groups_id_fk" FOREIGN KEY ("default_resource_group_id") REFERENCES "public"."resource_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sso_domains" ADD CONSTRAINT "company_sso_domains_provider_id_company_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."company_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_tests" ADD CONSTRAINT "identity_provider_tests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_tests" ADD CONSTRAINT "identity_provider_tests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_oauth_codes_expires_at_idx" ON "identity_oauth_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_oauth_transactions_expires_at_idx" ON "identity_oauth_transactions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_webauthn_credentials_sub_idx" ON "identity_webauthn_credentials" USING btree ("sub");--> statement-breakpoint
CREATE INDEX "company_sso_domains_provider_idx" ON "company_sso_domains" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "identity_attempts" ADD CONSTRAINT "identity_attempts_kind_check" CHECK ("identity_attempts"."kind" in ('sign_in', 'reset', 'mfa'));--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_purpose_check" CHECK ("identity_codes"."purpose" in ('reset_password', 'email_mfa', 'confirm_sign_up'));--> statement-breakpoint
ALTER TABLE "identity_users" ADD CONSTRAINT "identity_users_preferred_mfa_check" CHECK ("identity_users"."preferred_mfa" in ('TOTP', 'SMS', 'EMAIL'));--> statement-breakpoint
ALTER TABLE "identity_users" ADD CONSTRAINT "identity_users_status_check" CHECK ("identity_users"."status" in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'UNCONFIRMED'));