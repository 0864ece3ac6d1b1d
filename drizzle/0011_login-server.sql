CREATE TABLE "oauth_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"product_instance_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" "bytea",
	"grants" text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"redirect_uris" text[] DEFAULT '{}' NOT NULL,
	"service_rep_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_instances" (
	"tenant_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_instances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "web_users" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "web_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"employee_id" bigint,
	"contact_id" bigint,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "web_users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "web_users_one_record" CHECK (("web_users"."kind" = 'employee' and "web_users"."employee_id" is not null and "web_users"."contact_id" is null)
    or ("web_users"."kind" = 'contact' and "web_users"."contact_id" is not null and "web_users"."employee_id" is null))
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "service_reps" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "service_reps" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_tenant_id_product_instance_id_product_instances_tenant_id_id_fk" FOREIGN KEY ("tenant_id","product_instance_id") REFERENCES "public"."product_instances"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_tenant_id_service_rep_id_service_reps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_instances" ADD CONSTRAINT "product_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_users" ADD CONSTRAINT "web_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_users" ADD CONSTRAINT "web_users_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_users" ADD CONSTRAINT "web_users_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_clients_tenant" ON "oauth_clients" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_users_username" ON "web_users" USING btree ("tenant_id","kind",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "web_users_employee" ON "web_users" USING btree ("tenant_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_users_contact" ON "web_users" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_reps_username" ON "service_reps" USING btree ("tenant_id",lower("username"));