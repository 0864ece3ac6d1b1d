-- Chunked files (decision 0051): an export's content in order, a chunk a row; stored_files.chunked says where the content is.
CREATE TABLE "stored_file_chunks" (
	"tenant_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_tenant_id_file_id_seq_pk" PRIMARY KEY("tenant_id","file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "chunked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_tenant_id_file_id_stored_files_tenant_id_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;