CREATE TABLE "api_credentials" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "api_credentials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sid" text NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"service_rep_id" integer NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_credentials_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_web_public" boolean DEFAULT true NOT NULL,
	"country_code" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "branches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_code" integer PRIMARY KEY NOT NULL,
	"alpha2" text NOT NULL,
	"alpha3" text NOT NULL,
	"name" text NOT NULL,
	"sort_key" text NOT NULL,
	"calling_code" integer NOT NULL,
	CONSTRAINT "countries_alpha2_unique" UNIQUE("alpha2")
);
--> statement-breakpoint
CREATE TABLE "employee_statuses" (
	"tenant_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "employee_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employment_categories" (
	"tenant_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "employment_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "hierarchy_nodes" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "hierarchy_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"path" "ltree" NOT NULL,
	"name" text NOT NULL,
	"can_create_employees" boolean DEFAULT true NOT NULL,
	"can_insert_master_data" boolean DEFAULT true NOT NULL,
	CONSTRAINT "hierarchy_nodes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "how_heard_of" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "how_heard_of_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"origin_type_id" smallint NOT NULL,
	"require_details" boolean DEFAULT false NOT NULL,
	CONSTRAINT "how_heard_of_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_actions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "message_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "message_actions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_types" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "order_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "order_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "security_group_message_actions" (
	"tenant_id" integer NOT NULL,
	"security_group_id" integer NOT NULL,
	"message_action_id" integer NOT NULL,
	CONSTRAINT "security_group_message_actions_tenant_id_security_group_id_message_action_id_pk" PRIMARY KEY("tenant_id","security_group_id","message_action_id")
);
--> statement-breakpoint
CREATE TABLE "security_groups" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "security_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "security_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_reps" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "service_reps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"security_group_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_reps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "washed_statuses" (
	"tenant_id" integer NOT NULL,
	"id" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "washed_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_tenant_id_service_rep_id_service_reps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_country_code_countries_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("country_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hierarchy_nodes" ADD CONSTRAINT "hierarchy_nodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hierarchy_nodes" ADD CONSTRAINT "hierarchy_nodes_tenant_id_parent_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_message_actions" ADD CONSTRAINT "security_group_message_actions_tenant_id_security_group_id_security_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","security_group_id") REFERENCES "public"."security_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_group_message_actions" ADD CONSTRAINT "security_group_message_actions_tenant_id_message_action_id_message_actions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","message_action_id") REFERENCES "public"."message_actions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reps" ADD CONSTRAINT "service_reps_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reps" ADD CONSTRAINT "service_reps_tenant_id_security_group_id_security_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","security_group_id") REFERENCES "public"."security_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_credentials_sid" ON "api_credentials" USING btree ("tenant_id","sid");--> statement-breakpoint
CREATE INDEX "api_credentials_sid_lookup" ON "api_credentials" USING btree ("sid");--> statement-breakpoint
CREATE INDEX "branches_hier" ON "branches" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "hierarchy_nodes_path" ON "hierarchy_nodes" USING gist ("path");--> statement-breakpoint
CREATE INDEX "service_reps_hier" ON "service_reps" USING btree ("tenant_id","hier_id");