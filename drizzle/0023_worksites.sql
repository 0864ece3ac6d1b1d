-- Worksites become a record kept under their customer (decision 0036): a name of the catalog's length,
-- when the gazetteer placed the address, and when the site was written.
ALTER TABLE "worksites" ALTER COLUMN "name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "worksites" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "worksites" ADD COLUMN "date_address_standardized" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "worksites" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "worksites" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;