CREATE TABLE "place_names" (
	"country_code" integer NOT NULL,
	"key" text NOT NULL,
	"region" text NOT NULL,
	"place_id" integer NOT NULL,
	"alternate" boolean NOT NULL,
	CONSTRAINT "place_names_country_code_key_region_place_id_pk" PRIMARY KEY("country_code","key","region","place_id")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_code" integer NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
