ALTER TABLE "base_user" ADD COLUMN "token_epoch" integer DEFAULT 0;--> statement-breakpoint
-- Sessions are cached per token on every instance (platform/sessions.ts). Whatever changes who a user is or what
-- they may do tells every instance, from the database itself, so no write path can forget to:
--   auth_epoch.value goes up (instances on the embedded database compare it on each request), and
--   NOTIFY dg_auth carries 'u:<user id>' or '*' (instances on PostgreSQL LISTEN).
CREATE TABLE IF NOT EXISTS "auth_epoch" ("id" integer PRIMARY KEY, "value" bigint NOT NULL);--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dg_auth_notify(what text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET value = value + 1 WHERE id = 1;
  PERFORM pg_notify('dg_auth', what);
END $$;--> statement-breakpoint
-- a password change, a disable or a role change ends every session the user had (tokens carry their epoch)
CREATE OR REPLACE FUNCTION dg_user_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password IS DISTINCT FROM OLD.password OR (NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> '1')
     OR NEW.tokens_valid_after IS DISTINCT FROM OLD.tokens_valid_after THEN
    NEW.token_epoch := coalesce(OLD.token_epoch, 0) + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER dg_user_epoch BEFORE UPDATE ON base_user FOR EACH ROW EXECUTE FUNCTION dg_user_epoch();--> statement-breakpoint
CREATE OR REPLACE FUNCTION dg_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dg_auth_notify('u:' || coalesce(NEW.id, OLD.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dg_user_changed AFTER UPDATE ON base_user FOR EACH ROW
  WHEN (NEW.token_epoch IS DISTINCT FROM OLD.token_epoch OR NEW.status IS DISTINCT FROM OLD.status
     OR NEW.side IS DISTINCT FROM OLD.side OR NEW.enterprise_id IS DISTINCT FROM OLD.enterprise_id
     OR NEW.org_id IS DISTINCT FROM OLD.org_id OR NEW.username IS DISTINCT FROM OLD.username
     OR NEW.name IS DISTINCT FROM OLD.name OR NEW.is_super IS DISTINCT FROM OLD.is_super)
  EXECUTE FUNCTION dg_user_changed();--> statement-breakpoint
CREATE TRIGGER dg_user_deleted AFTER DELETE ON base_user FOR EACH ROW EXECUTE FUNCTION dg_user_changed();--> statement-breakpoint
-- membership: the member's sessions end (a role change); the epoch bump notifies through dg_user_changed
CREATE OR REPLACE FUNCTION dg_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE base_user SET token_epoch = coalesce(token_epoch, 0) + 1 WHERE id = coalesce(NEW.user_id, OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dg_member_changed AFTER INSERT OR DELETE OR UPDATE ON base_group_member FOR EACH ROW EXECUTE FUNCTION dg_member_changed();--> statement-breakpoint
CREATE TRIGGER dg_leader_changed AFTER INSERT OR DELETE OR UPDATE ON base_group_leader FOR EACH ROW EXECUTE FUNCTION dg_member_changed();--> statement-breakpoint
-- grants, menus, elements, roles, organisations (a jurisdiction's region): every cached session reloads
CREATE OR REPLACE FUNCTION dg_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dg_auth_notify('*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dg_grants_changed AFTER INSERT OR UPDATE OR DELETE ON base_resource_authority FOR EACH STATEMENT EXECUTE FUNCTION dg_grants_changed();--> statement-breakpoint
CREATE TRIGGER dg_menus_changed AFTER INSERT OR UPDATE OR DELETE ON base_menu FOR EACH STATEMENT EXECUTE FUNCTION dg_grants_changed();--> statement-breakpoint
CREATE TRIGGER dg_elements_changed AFTER INSERT OR UPDATE OR DELETE ON base_element FOR EACH STATEMENT EXECUTE FUNCTION dg_grants_changed();--> statement-breakpoint
CREATE TRIGGER dg_groups_changed AFTER UPDATE OR DELETE ON base_group FOR EACH STATEMENT EXECUTE FUNCTION dg_grants_changed();--> statement-breakpoint
CREATE TRIGGER dg_orgs_changed AFTER UPDATE OR DELETE ON base_org FOR EACH STATEMENT EXECUTE FUNCTION dg_grants_changed();
