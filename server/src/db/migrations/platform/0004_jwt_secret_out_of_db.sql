-- The token signing secret lives in the environment or a 0600 file (JWT_SECRET, JWT_SECRET_FILE, <DATA_DIR>/jwt-secret),
-- never in a table a database reader can select: the one an earlier version kept here is removed (its tokens end).
DELETE FROM "system_flag" WHERE "key" = 'jwt_secret';
