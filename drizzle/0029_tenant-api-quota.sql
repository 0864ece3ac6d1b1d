ALTER TABLE "tenants" ADD COLUMN "api_quota_per_minute" integer;
