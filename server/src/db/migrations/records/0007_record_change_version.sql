-- 企业车辆审核 decides a change at the version the reviewer read: an enterprise's further edit of a waiting change moves it on
ALTER TABLE "record_change" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;
