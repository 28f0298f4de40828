CREATE TABLE "import_job" (
	"id" varchar(160) PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
