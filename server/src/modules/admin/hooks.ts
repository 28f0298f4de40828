/**
 * Hooks of the admin resources (platform/crud/hooks.ts), registered by importing the files that define them:
 * user (scope, roles, side consistency, disabling), serviceClient (secret shown once), article and policy (sanitised
 * rich text), gateLog (what a government sees).
 */
import './users.ts';
import './service-clients.ts';
import './content.ts';
import './gate-log.ts';
