CREATE TABLE "postal_codes" (
	"country_code" integer NOT NULL,
	"postal_code" text NOT NULL,
	"municipality" text NOT NULL,
	"region" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	CONSTRAINT "postal_codes_country_code_postal_code_pk" PRIMARY KEY("country_code","postal_code")
);
--> statement-breakpoint
CREATE INDEX "postal_codes_place" ON "postal_codes" USING btree ("country_code",lower("municipality"),"region");