-- 企业车辆审核 of changes: an enterprise's change to a supervised field of an approved enterprise, vehicle or tank waits
-- here (old and new values side by side) until the government approves or rejects it; the record keeps the approved
-- values meanwhile. One change waits per record at a time (a second edit updates it).
CREATE TABLE IF NOT EXISTS "record_change" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "resource" varchar(20) NOT NULL,
  "record_id" uuid NOT NULL,
  "enterprise_id" uuid NOT NULL REFERENCES "enterprise"("id") ON DELETE CASCADE,
  "old_values" jsonb NOT NULL,
  "new_values" jsonb NOT NULL,
  "status" varchar(10) DEFAULT '待审核' NOT NULL,
  "opinion" varchar(500),
  "submitted_by" uuid,
  "submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_by" uuid,
  "decided_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "record_change_pending_uq" ON "record_change" ("resource", "record_id") WHERE "status" = '待审核';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "record_change_status_idx" ON "record_change" ("status", "submitted_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "record_change_record_idx" ON "record_change" ("record_id", "submitted_at" DESC);
