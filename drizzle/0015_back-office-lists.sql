CREATE TABLE "burden_types" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "burden_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "burden_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "business_codes" (
	"tenant_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "business_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_types" (
	"tenant_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "company_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contract_categories" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contract_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "contract_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contract_length_types" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contract_length_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "contract_length_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "divisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "divisions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "employers" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "employers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "employers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ledger_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_terms_codes" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_terms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_terms_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payment_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "purchase_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "purchase_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "remote_work_statuses" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "remote_work_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "remote_work_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_jurisdictions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "tax_jurisdictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tax_jurisdictions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "wotc_eligibility_statuses" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wotc_eligibility_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "wotc_eligibility_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "burden_types_name" ON "burden_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "business_codes_name" ON "business_codes" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_types_name" ON "company_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contract_categories_name" ON "contract_categories" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contract_length_types_name" ON "contract_length_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_name" ON "divisions" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employers_name" ON "employers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_name" ON "ledger_accounts" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_terms_codes_name" ON "payment_terms_codes" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_name" ON "payment_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_name" ON "purchase_orders" USING btree ("tenant_id","customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "remote_work_statuses_name" ON "remote_work_statuses" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_jurisdictions_name" ON "tax_jurisdictions" USING btree ("tenant_id","kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "wotc_eligibility_statuses_name" ON "wotc_eligibility_statuses" USING btree ("tenant_id",lower("name"));
--> statement-breakpoint
-- Tenants created before this migration get the entries new tenants start with (back-office.lists.ts:
-- CODE_LISTS defaults, DEFAULT_TAX_JURISDICTIONS); on a new database there are no tenants yet. Values records hold already stay as they are.
INSERT INTO "burden_types" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Standard'), ('Per diem')) AS d("name");
--> statement-breakpoint
INSERT INTO "business_codes" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Light Industrial'), ('Clerical'), ('Professional'), ('Healthcare')) AS d("name");
--> statement-breakpoint
INSERT INTO "remote_work_statuses" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('On site'), ('Hybrid'), ('Remote')) AS d("name");
--> statement-breakpoint
INSERT INTO "wotc_eligibility_statuses" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Not screened'), ('Eligible'), ('Not eligible')) AS d("name");
--> statement-breakpoint
INSERT INTO "contract_length_types" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Days'), ('Weeks'), ('Months'), ('Years')) AS d("name");
--> statement-breakpoint
INSERT INTO "contract_categories" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Master services agreement'), ('Statement of work'), ('Rate agreement'), ('Vendor management program')) AS d("name");
--> statement-breakpoint
INSERT INTO "divisions" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Commercial'), ('Professional')) AS d("name");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('2000 Accounts Payable'), ('5000 Cost of Services'), ('6100 Supplies'), ('6500 Subcontractors')) AS d("name");
--> statement-breakpoint
INSERT INTO "company_types" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Supplier'), ('Subcontractor'), ('Service provider')) AS d("name");
--> statement-breakpoint
INSERT INTO "employers" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Employer of record')) AS d("name");
--> statement-breakpoint
INSERT INTO "payment_terms_codes" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Due on receipt'), ('Net 15'), ('Net 30'), ('Net 60')) AS d("name");
--> statement-breakpoint
INSERT INTO "payment_types" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('Check'), ('ACH'), ('Wire transfer'), ('Credit card')) AS d("name");
--> statement-breakpoint
INSERT INTO "tax_jurisdictions" ("tenant_id", "kind", "name")
SELECT t."id", d."kind", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('region', 'Minnesota'), ('region', 'Texas'), ('region', 'Ohio'), ('region', 'Pennsylvania'), ('county', 'Hennepin County, MN'), ('county', 'Travis County, TX'), ('municipality', 'Columbus, OH'), ('municipality', 'Philadelphia, PA'), ('schoolDistrict', 'Columbus City School District, OH'), ('schoolDistrict', 'Upper Arlington City School District, OH')) AS d("kind", "name");
