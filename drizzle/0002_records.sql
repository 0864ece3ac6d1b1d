CREATE TABLE "employees" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"first_name" varchar(50) DEFAULT '' NOT NULL,
	"middle_name" varchar(50),
	"last_name" varchar(50) DEFAULT '' NOT NULL,
	"alias" varchar(50),
	"name_prefix" varchar(10),
	"name_suffix" varchar(10),
	"washed_status_id" smallint NOT NULL,
	"branch_id" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"employment_category_id" uuid,
	"order_type_id" integer,
	"contact_id" bigint,
	"orientation_given_date" timestamp with time zone,
	"anniversary_date" timestamp with time zone,
	"interview_date" timestamp with time zone,
	"interviewed_by_sr_ident" integer,
	"how_heard_of_id" integer,
	"how_heard_of_detail" varchar(50) DEFAULT '' NOT NULL,
	"school_district_id" integer,
	"is_exempt_from_school_district_tax" boolean DEFAULT false NOT NULL,
	"tax_school_district_jurisdiction_id" integer,
	"is_exempt_from_municipality_tax" boolean DEFAULT false NOT NULL,
	"municipality_id" integer,
	"tax_municipality_jurisdiction_id" integer,
	"is_exempt_from_county_tax" boolean DEFAULT false NOT NULL,
	"county_id" integer,
	"tax_county_jurisdiction_id" integer,
	"tax_region" varchar(5) DEFAULT '' NOT NULL,
	"tax_region_jurisdiction_id" integer,
	"psd_code" varchar(10) DEFAULT '' NOT NULL,
	"federal_exemptions" smallint DEFAULT 0 NOT NULL,
	"dependents" smallint DEFAULT 0 NOT NULL,
	"is_tax_exempt" boolean DEFAULT false NOT NULL,
	"additional_tax_withholding" numeric DEFAULT 0 NOT NULL,
	"tax_region_exemptions" smallint DEFAULT 0 NOT NULL,
	"marital_tax_status_id" integer NOT NULL,
	"alternate_employee_id" varchar(10) DEFAULT '' NOT NULL,
	"sales_team_id" integer,
	"last_date" timestamp with time zone,
	"activation_date" timestamp with time zone,
	"deactivation_date" timestamp with time zone,
	"license_class" varchar(10) DEFAULT '' NOT NULL,
	"is_i9_on_file" boolean DEFAULT false NOT NULL,
	"i9_expiration_date" timestamp with time zone,
	"job_title" varchar(50) DEFAULT '' NOT NULL,
	"is_pay_ready" boolean DEFAULT false NOT NULL,
	"mail_check" boolean DEFAULT false NOT NULL,
	"email_paystubs" boolean DEFAULT false NOT NULL,
	"paycheck_delivery_code" varchar(25) DEFAULT '' NOT NULL,
	"default_pay_rate" numeric,
	"payroll_note" varchar(50) DEFAULT '' NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"primary_phone_number_contact_method_id" integer,
	"primary_email_address_contact_method_id" integer,
	"primary_message_id" bigint,
	"past_residences" varchar(1000) DEFAULT '' NOT NULL,
	"security_clearance" varchar(50) DEFAULT '' NOT NULL,
	"convictions" varchar(1000) DEFAULT '' NOT NULL,
	"is_convicted_felon" boolean,
	"numeric_rating" integer DEFAULT 0 NOT NULL,
	"service_rep_id" integer NOT NULL,
	"company_id" integer,
	"wotc_eligibility_status_id" bigint,
	"w4_year" integer,
	"other_income" numeric,
	"extra_deductions" numeric,
	"dependent_allowance" numeric,
	"extra_withholding" numeric DEFAULT 0 NOT NULL,
	"tax_higher" boolean,
	"street1" varchar(50),
	"street2" varchar(50),
	"municipality" varchar(50),
	"region" varchar(5) NOT NULL,
	"postal_code" varchar(10),
	"country_code" integer NOT NULL,
	"bypass_address_validation" boolean DEFAULT true NOT NULL,
	"date_address_standardized" timestamp with time zone,
	"government_id_hash" "bytea",
	"government_id_last4" varchar(4),
	"employee_status_id" text DEFAULT 'N' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_methods" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contact_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"contact_method_type_id" smallint NOT NULL,
	"contact_method" varchar(255) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"notes" varchar(1000),
	"when_available" varchar(25),
	"area_code" integer DEFAULT 0 NOT NULL,
	"provider_id" integer NOT NULL,
	"country_calling_code" integer,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_methods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assignment_statuses" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assignment_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "assignment_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contract_statuses" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contract_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "contract_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_order_durations" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_order_durations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "job_order_durations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_order_statuses" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_order_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_job_board_eligible" boolean DEFAULT false NOT NULL,
	"is_filled" boolean DEFAULT false NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_order_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_title_categories" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_title_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "job_title_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin_type" text NOT NULL,
	"origin_id" bigint NOT NULL,
	"message_action_id" integer,
	"service_rep_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pay_codes" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "pay_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "pay_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prospect_statuses" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prospect_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "prospect_statuses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_teams" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sales_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "sales_teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"tenant_id" integer NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	CONSTRAINT "shifts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "worker_comp_codes" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "worker_comp_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "worker_comp_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "worksites" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "worksites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" bigint,
	"name" text NOT NULL,
	"street1" varchar(50),
	"street2" varchar(50),
	"municipality" varchar(50),
	"region" varchar(5),
	"postal_code" varchar(10),
	"country_code" integer DEFAULT 840 NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "worksites_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"customer_name" varchar(50) DEFAULT '' NOT NULL,
	"department_name" varchar(50) DEFAULT '' NOT NULL,
	"worksite_id" integer,
	"website" varchar(255),
	"is_monthly_bill" boolean DEFAULT false NOT NULL,
	"credit_limit" numeric DEFAULT 0 NOT NULL,
	"note" varchar(4000),
	"date_activated" timestamp with time zone DEFAULT now() NOT NULL,
	"branch_id" integer NOT NULL,
	"primary_phone_number_contact_method_id" integer,
	"primary_email_address_contact_method_id" integer,
	"primary_message_id" bigint,
	"street1" varchar(50),
	"street2" varchar(50),
	"municipality" varchar(50),
	"region" varchar(5),
	"postal_code" varchar(10),
	"country_code" integer DEFAULT 840 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"first_name" varchar(25) DEFAULT '' NOT NULL,
	"last_name" varchar(50) DEFAULT '' NOT NULL,
	"title" varchar(50),
	"nick_name" varchar(25),
	"honorific" varchar(25),
	"birthday" varchar(10),
	"customer_id" bigint,
	"company_id" integer,
	"branch_id" integer NOT NULL,
	"employee_id" bigint,
	"worksite_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"primary_phone_number_contact_method_id" integer,
	"primary_email_address_contact_method_id" integer,
	"primary_message_id" bigint,
	"how_heard_of_id" integer,
	"how_heard_of_detail" varchar(255),
	"service_rep_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"contract_length" numeric,
	"contract_length_type_id" integer,
	"contract_status_id" integer NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"primary_contact_id" integer,
	"contract_category_id" integer,
	"owned_by_service_rep_id" integer NOT NULL,
	"date_contract_signed" integer,
	"primary_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "prospects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"department" varchar(255) DEFAULT '' NOT NULL,
	"phone_number" varchar(255) DEFAULT '' NOT NULL,
	"phone_number_country_calling_code" integer,
	"email_address" varchar(255) DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"primary_prospect_contact_id" bigint,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"owned_by_service_rep_id" integer,
	"team_id" integer,
	"prospect_status_id" bigint NOT NULL,
	"primary_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospects_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"skill_code" varchar(8) DEFAULT '' NOT NULL,
	"skill_code2" varchar(10),
	"job_title" varchar(50) DEFAULT '' NOT NULL,
	"division_ident" integer NOT NULL,
	"job_title_category_id" integer NOT NULL,
	"eeo_class" varchar(10) DEFAULT '' NOT NULL,
	"worker_comp_code_id" integer,
	"hier_id" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_titles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_orders" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"worker_comp_code_id" integer NOT NULL,
	"alternate_job_order_id" varchar(255) DEFAULT '' NOT NULL,
	"burden_type_id" integer,
	"worksite_id" integer NOT NULL,
	"directions" varchar(1000) DEFAULT '' NOT NULL,
	"job_title_id" integer NOT NULL,
	"job_order_type_id" integer NOT NULL,
	"positions_required" smallint DEFAULT 0 NOT NULL,
	"job_description" varchar(4000) DEFAULT '' NOT NULL,
	"dress_code" varchar(255) DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"estimated_end_date" timestamp with time zone,
	"shift_id" uuid,
	"start_time" varchar(10) DEFAULT '' NOT NULL,
	"end_time" varchar(10) DEFAULT '' NOT NULL,
	"job_order_duration_id" integer NOT NULL,
	"job_order_shift_notes" varchar(100) DEFAULT '' NOT NULL,
	"safety_notes" varchar(50) DEFAULT '' NOT NULL,
	"is_scheduled_for_sunday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_monday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_tuesday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_wednesday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_thursday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_friday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_saturday" boolean DEFAULT false NOT NULL,
	"job_order_status_id" integer NOT NULL,
	"sales_team_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"do_not_auto_close" boolean DEFAULT false NOT NULL,
	"uses_time_clock" boolean DEFAULT false NOT NULL,
	"uses_people_net" boolean DEFAULT false NOT NULL,
	"service_rep_id" integer NOT NULL,
	"notes" varchar(255) DEFAULT '' NOT NULL,
	"purchase_order_id" integer,
	"location" varchar(25) DEFAULT '' NOT NULL,
	"mileage_rate" numeric,
	"cost_center" varchar(50) DEFAULT '' NOT NULL,
	"sub_entity" varchar(25) DEFAULT '' NOT NULL,
	"account_code" varchar(25) DEFAULT '' NOT NULL,
	"customer_skill" varchar(15) DEFAULT '' NOT NULL,
	"check_delivery" varchar(10) DEFAULT '' NOT NULL,
	"requisition_number" varchar(25) DEFAULT '' NOT NULL,
	"alternate_requisition_number" varchar(25) DEFAULT '' NOT NULL,
	"requisition_end_date" timestamp with time zone,
	"customer_extra1" varchar(50) DEFAULT '' NOT NULL,
	"customer_extra2" varchar(50) DEFAULT '' NOT NULL,
	"customer_extra3" varchar(50) DEFAULT '' NOT NULL,
	"payroll_note" varchar(500) DEFAULT '' NOT NULL,
	"public_job_title" varchar(50) DEFAULT '' NOT NULL,
	"public_job_description" text DEFAULT '' NOT NULL,
	"public_posting_date" numeric,
	"do_not_post_publicly" boolean DEFAULT false NOT NULL,
	"primary_message_id" bigint,
	"public_job_description_content_type" varchar(100) DEFAULT '' NOT NULL,
	"customer_id" bigint NOT NULL,
	"supervisor_contact_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"positions_filled" smallint DEFAULT 0 NOT NULL,
	"date_order_taken" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_rate" numeric DEFAULT 0 NOT NULL,
	"bill_rate" numeric DEFAULT 0 NOT NULL,
	"pay_min" numeric,
	"pay_max" numeric,
	"pay_frequency" text,
	"featured" boolean,
	"public_education_summary" text,
	"public_experience_summary" text,
	"show_pay_rate" boolean DEFAULT false NOT NULL,
	"show_worksite_address" boolean DEFAULT true NOT NULL,
	"do_not_post_to_web_at_creation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assignment_restrictions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assignment_restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"raised_by" text NOT NULL,
	"source_assignment_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_restrictions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"alternate_assignment_id" varchar(10),
	"burden_type_id" integer,
	"temporary_phone_number" varchar(255),
	"assignment_status_id" integer NOT NULL,
	"replaces_assignment_id" bigint,
	"customer_has_blacklisted_employee" boolean DEFAULT false NOT NULL,
	"employee_has_blacklisted_customer" boolean DEFAULT false NOT NULL,
	"job_title_id" integer NOT NULL,
	"business_code_id" uuid,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"expected_end_date" timestamp with time zone,
	"original_start_date" timestamp with time zone,
	"shift_id" uuid,
	"start_time" varchar(10),
	"end_time" varchar(10),
	"shift_note" varchar(100),
	"is_scheduled_for_sunday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_monday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_tuesday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_wednesday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_thursday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_friday" boolean DEFAULT false NOT NULL,
	"is_scheduled_for_saturday" boolean DEFAULT false NOT NULL,
	"worker_comp_code_id" integer NOT NULL,
	"payroll_note" varchar(500),
	"performance_note" varchar(255),
	"purchase_order_id" integer,
	"sales_team_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"do_not_auto_close" boolean DEFAULT false NOT NULL,
	"account_manager_service_rep_id" integer,
	"service_rep_id" integer,
	"is_non_comparable" boolean DEFAULT false NOT NULL,
	"resets_awr_clock" boolean DEFAULT false NOT NULL,
	"primary_message_id" bigint,
	"remote_work_status_id" integer,
	"employee_id" bigint NOT NULL,
	"job_order_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "timecards" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "timecards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"account_code" varchar(25) DEFAULT '' NOT NULL,
	"bill_rate" numeric DEFAULT 0 NOT NULL,
	"branch_id" integer NOT NULL,
	"check_delivery_code" varchar(25) DEFAULT '' NOT NULL,
	"cost_center" varchar(50) DEFAULT '' NOT NULL,
	"customer_extra1" varchar(10) DEFAULT '' NOT NULL,
	"customer_extra2" varchar(10) DEFAULT '' NOT NULL,
	"customer_extra3" varchar(10) DEFAULT '' NOT NULL,
	"date_worked" timestamp with time zone,
	"day1_total_hours" numeric DEFAULT 0 NOT NULL,
	"day2_total_hours" numeric DEFAULT 0 NOT NULL,
	"day3_total_hours" numeric DEFAULT 0 NOT NULL,
	"day4_total_hours" numeric DEFAULT 0 NOT NULL,
	"day5_total_hours" numeric DEFAULT 0 NOT NULL,
	"day6_total_hours" numeric DEFAULT 0 NOT NULL,
	"day7_total_hours" numeric DEFAULT 0 NOT NULL,
	"doubletime_bill_rate" numeric DEFAULT 0 NOT NULL,
	"doubletime_hours" numeric DEFAULT 0 NOT NULL,
	"doubletime_pay_rate" numeric DEFAULT 0 NOT NULL,
	"invoice_hold_code" varchar(1) DEFAULT '' NOT NULL,
	"invoice_text" varchar(1000) DEFAULT '' NOT NULL,
	"is_salary_approved" boolean DEFAULT false NOT NULL,
	"location" varchar(25) DEFAULT '' NOT NULL,
	"number_of_days_worked" integer DEFAULT 0 NOT NULL,
	"one_time_do_not_e_pay" varchar(1) DEFAULT '' NOT NULL,
	"one_time_override_federal_withholding" numeric,
	"one_time_override_pay_periods" integer,
	"one_time_override_region_withholding" numeric,
	"overtime_bill_rate" numeric DEFAULT 0 NOT NULL,
	"overtime_hours" numeric DEFAULT 0 NOT NULL,
	"overtime_pay_rate" numeric DEFAULT 0 NOT NULL,
	"pay_code_id" integer NOT NULL,
	"pay_hold_code" varchar(1) DEFAULT '' NOT NULL,
	"pay_period_end_date" timestamp with time zone,
	"pay_period_start_date" timestamp with time zone,
	"pay_rate" numeric DEFAULT 0 NOT NULL,
	"payroll_note" varchar(500) DEFAULT '' NOT NULL,
	"purchase_order_id" integer,
	"regular_hours" numeric DEFAULT 0 NOT NULL,
	"requisition_number" varchar(25) DEFAULT '' NOT NULL,
	"salary_bill_rate" numeric DEFAULT 0 NOT NULL,
	"salary_pay_rate" numeric DEFAULT 0 NOT NULL,
	"show_zero_bill_on_invoice" boolean DEFAULT false NOT NULL,
	"sub_entity" varchar(25) DEFAULT '' NOT NULL,
	"unit_bill_rate" numeric DEFAULT 0 NOT NULL,
	"unit_pay_rate" numeric DEFAULT 0 NOT NULL,
	"units" numeric DEFAULT 0 NOT NULL,
	"vendor_invoice_number" varchar(15) DEFAULT '' NOT NULL,
	"weekend_date" timestamp with time zone DEFAULT now() NOT NULL,
	"worksite_id" integer NOT NULL,
	"assignment_id" bigint,
	"job_order_id" integer,
	"employee_id" bigint,
	"is_processed" boolean DEFAULT false NOT NULL,
	"customer_skill" varchar(15),
	"requisition_end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timecards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rate_sheets" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "rate_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"employee_id" bigint,
	"customer_id" bigint,
	"worksite_id" integer,
	"job_title_id" integer,
	"branch_id" integer,
	"shift_id" uuid,
	"worker_comp_code_id" integer,
	"apply_rate_sheet_to_customer_departments" boolean,
	"is_active" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_sheets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"activation_date" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	"business_code_id" uuid,
	"certificate_on_file" boolean DEFAULT false NOT NULL,
	"company_address" varchar(255) DEFAULT '' NOT NULL,
	"alt_company_id" varchar(15) DEFAULT '' NOT NULL,
	"phone_number_country_calling_code" integer DEFAULT 0 NOT NULL,
	"phone_number" varchar(255) DEFAULT '' NOT NULL,
	"company_type_id" uuid NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contract_end_date" timestamp with time zone,
	"contract_start_date" timestamp with time zone,
	"corporate_street1" varchar(45) DEFAULT '' NOT NULL,
	"corporate_street2" varchar(45) DEFAULT '' NOT NULL,
	"corporate_municipality" varchar(50) DEFAULT '' NOT NULL,
	"corporate_region" varchar(5) DEFAULT '' NOT NULL,
	"corporate_postal_code" varchar(10) DEFAULT '' NOT NULL,
	"corporate_country" varchar(25) DEFAULT '' NOT NULL,
	"corporate_country_code" integer DEFAULT 0 NOT NULL,
	"credit_limit" numeric,
	"is_default_company" boolean DEFAULT false NOT NULL,
	"department_name" varchar(50) DEFAULT '' NOT NULL,
	"discount_method" varchar(10) DEFAULT '' NOT NULL,
	"employer_id" integer NOT NULL,
	"email_address" varchar(255) DEFAULT '' NOT NULL,
	"fed_employer_id" varchar(20) DEFAULT '' NOT NULL,
	"company_name" varchar(50) DEFAULT '' NOT NULL,
	"should_generate1099" boolean DEFAULT false NOT NULL,
	"hier_id" integer NOT NULL,
	"is_invoice_pay_required" boolean DEFAULT false NOT NULL,
	"is_payroll_ded_vendor" boolean DEFAULT false NOT NULL,
	"is_payroll_sales_tax_vendor" boolean DEFAULT false NOT NULL,
	"is_payroll_tax_vendor" boolean DEFAULT false NOT NULL,
	"is_vendor" boolean DEFAULT false NOT NULL,
	"local_street1" varchar(45) DEFAULT '' NOT NULL,
	"local_street2" varchar(45) DEFAULT '' NOT NULL,
	"local_municipality" varchar(50) DEFAULT '' NOT NULL,
	"local_region" varchar(8) DEFAULT '' NOT NULL,
	"local_postal_code" varchar(10) DEFAULT '' NOT NULL,
	"local_country" varchar(25) DEFAULT '' NOT NULL,
	"local_country_code" integer DEFAULT 0 NOT NULL,
	"is_minority_owned" boolean DEFAULT false NOT NULL,
	"overhead_markup" numeric DEFAULT 0 NOT NULL,
	"parent_company_ident" integer,
	"pay_beginning_date" timestamp with time zone,
	"pay_delay_in_days" integer DEFAULT 0 NOT NULL,
	"payments_include_vat" boolean DEFAULT false NOT NULL,
	"payment_terms_code_id" integer,
	"payment_type_id" integer NOT NULL,
	"pseudo_employee_id" bigint,
	"remittance_street1" varchar(45) DEFAULT '' NOT NULL,
	"remittance_street2" varchar(45) DEFAULT '' NOT NULL,
	"remittance_municipality" varchar(50) DEFAULT '' NOT NULL,
	"remittance_region" varchar(8) DEFAULT '' NOT NULL,
	"remittance_postal_code" varchar(10) DEFAULT '' NOT NULL,
	"remittance_country" varchar(25) DEFAULT '' NOT NULL,
	"remittance_country_code" integer DEFAULT 0 NOT NULL,
	"is_sba_registered" boolean DEFAULT false NOT NULL,
	"is_small_business" boolean DEFAULT false NOT NULL,
	"supplies_disabled_people" boolean DEFAULT false NOT NULL,
	"vendor_account_number" varchar(50) DEFAULT '' NOT NULL,
	"is_women_owned" boolean DEFAULT false NOT NULL,
	"bypass_address_validation_service" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_branch_id_branches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_service_rep_id_service_reps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branchId_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_worksiteId_fk" FOREIGN KEY ("tenant_id","worksite_id") REFERENCES "public"."worksites"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_branchId_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customerId_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_employeeId_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_worksiteId_fk" FOREIGN KEY ("tenant_id","worksite_id") REFERENCES "public"."worksites"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_serviceRepId_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customerId_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contractStatusId_fk" FOREIGN KEY ("tenant_id","contract_status_id") REFERENCES "public"."contract_statuses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_ownedByServiceRepId_fk" FOREIGN KEY ("tenant_id","owned_by_service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_prospectStatusId_fk" FOREIGN KEY ("tenant_id","prospect_status_id") REFERENCES "public"."prospect_statuses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_ownedByServiceRepId_fk" FOREIGN KEY ("tenant_id","owned_by_service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_teamId_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."sales_teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_jobTitleCategoryId_fk" FOREIGN KEY ("tenant_id","job_title_category_id") REFERENCES "public"."job_title_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_workerCompCodeId_fk" FOREIGN KEY ("tenant_id","worker_comp_code_id") REFERENCES "public"."worker_comp_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_customerId_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_supervisorContactId_fk" FOREIGN KEY ("tenant_id","supervisor_contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_jobTitleId_fk" FOREIGN KEY ("tenant_id","job_title_id") REFERENCES "public"."job_titles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_worksiteId_fk" FOREIGN KEY ("tenant_id","worksite_id") REFERENCES "public"."worksites"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_branchId_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_jobOrderStatusId_fk" FOREIGN KEY ("tenant_id","job_order_status_id") REFERENCES "public"."job_order_statuses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_serviceRepId_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_salesTeamId_fk" FOREIGN KEY ("tenant_id","sales_team_id") REFERENCES "public"."sales_teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_jobOrderDurationId_fk" FOREIGN KEY ("tenant_id","job_order_duration_id") REFERENCES "public"."job_order_durations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_orders" ADD CONSTRAINT "job_orders_workerCompCodeId_fk" FOREIGN KEY ("tenant_id","worker_comp_code_id") REFERENCES "public"."worker_comp_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_employeeId_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_jobOrderId_fk" FOREIGN KEY ("tenant_id","job_order_id") REFERENCES "public"."job_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_customerId_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_jobTitleId_fk" FOREIGN KEY ("tenant_id","job_title_id") REFERENCES "public"."job_titles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_branchId_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_assignmentStatusId_fk" FOREIGN KEY ("tenant_id","assignment_status_id") REFERENCES "public"."assignment_statuses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_workerCompCodeId_fk" FOREIGN KEY ("tenant_id","worker_comp_code_id") REFERENCES "public"."worker_comp_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_salesTeamId_fk" FOREIGN KEY ("tenant_id","sales_team_id") REFERENCES "public"."sales_teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_serviceRepId_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_jobOrderId_fk" FOREIGN KEY ("tenant_id","job_order_id") REFERENCES "public"."job_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_branchId_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_payCodeId_fk" FOREIGN KEY ("tenant_id","pay_code_id") REFERENCES "public"."pay_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecards" ADD CONSTRAINT "timecards_worksiteId_fk" FOREIGN KEY ("tenant_id","worksite_id") REFERENCES "public"."worksites"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_sheets" ADD CONSTRAINT "rate_sheets_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_government_id" ON "employees" USING btree ("tenant_id","government_id_hash") WHERE government_id_hash is not null;--> statement-breakpoint
CREATE INDEX "employees_hier" ON "employees" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "employees_last_name" ON "employees" USING btree ("tenant_id",lower(last_name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "employees_first_name" ON "employees" USING btree ("tenant_id",lower(first_name) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contact_methods_owner" ON "contact_methods" USING btree ("tenant_id","owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "contact_methods_value" ON "contact_methods" USING btree ("tenant_id",lower(contact_method) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "messages_origin" ON "messages" USING btree ("tenant_id","origin_type","origin_id");--> statement-breakpoint
CREATE INDEX "worksites_customer" ON "worksites" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "customers_hier" ON "customers" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "customers_customerName" ON "customers" USING btree ("tenant_id","customer_name");--> statement-breakpoint
CREATE INDEX "contacts_hier" ON "contacts" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "contacts_lastName" ON "contacts" USING btree ("tenant_id","last_name");--> statement-breakpoint
CREATE INDEX "contacts_customerId" ON "contacts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "contracts_hier" ON "contracts" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "contracts_customerId" ON "contracts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "prospects_hier" ON "prospects" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "prospects_name" ON "prospects" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "job_titles_hier" ON "job_titles" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "job_orders_hier" ON "job_orders" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "job_orders_customerId" ON "job_orders" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "job_orders_jobOrderStatusId" ON "job_orders" USING btree ("tenant_id","job_order_status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_restrictions_pair" ON "assignment_restrictions" USING btree ("tenant_id","customer_id","employee_id","raised_by");--> statement-breakpoint
CREATE INDEX "assignments_hier" ON "assignments" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "assignments_employeeId" ON "assignments" USING btree ("tenant_id","employee_id");--> statement-breakpoint
CREATE INDEX "assignments_jobOrderId" ON "assignments" USING btree ("tenant_id","job_order_id");--> statement-breakpoint
CREATE INDEX "timecards_hier" ON "timecards" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "timecards_jobOrderId" ON "timecards" USING btree ("tenant_id","job_order_id");--> statement-breakpoint
CREATE INDEX "timecards_assignmentId" ON "timecards" USING btree ("tenant_id","assignment_id");--> statement-breakpoint
CREATE INDEX "rate_sheets_hier" ON "rate_sheets" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "vendors_hier" ON "vendors" USING btree ("tenant_id","hier_id");--> statement-breakpoint
CREATE INDEX "vendors_companyName" ON "vendors" USING btree ("tenant_id","company_name");