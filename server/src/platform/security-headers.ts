/**
 * Response headers against framing, sniffing and injected scripts (@fastify/helmet), with a Content-Security-Policy
 * the built web app runs under: its scripts and styles are files of its own origin; antd writes its CSS-in-JS into
 * <style> elements (style-src 'unsafe-inline'); QR codes, thumbnails and previews are data: or blob: URLs. No script
 * runs inline or from another origin, and the app cannot be framed by another site. The e2e journey `csp` checks
 * the browser reports no violation on any page.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * helmet's middleware, built once: @fastify/helmet built it anew on every request (its options parsed, the CSP
 * directives validated and joined: ~15 µs a request, with two more hooks and a closure per reply). The headers do not
 * depend on the request here (no nonces), so one middleware sets them on every answer.
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // the app is served over plain HTTP on a LAN as often as behind TLS: HSTS is the TLS proxy's to send
  strictTransportSecurity: false,
  // attachments and QR images are opened in new tabs and previews of the same origin
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'same-origin' },
  frameguard: { action: 'sameorigin' },
});

/** on every answer of `app` (the root: API routes, the web app, 404s), before the token check can refuse */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => setSecurityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
