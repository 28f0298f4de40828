/**
 * Who is calling, cached per token. A request with a token seen before costs a map lookup: no signature check,
 * no grants query, no invalidation lookup. What may change a session reaches every instance from the database
 * itself (migration platform/0003: triggers on users, memberships, grants, menus, elements, roles and
 * organisations), so no write path can forget to tell:
 *   - on PostgreSQL, each instance LISTENs on `dg_auth` and drops what a notification names ('u:<user>', 'j:<jti>', '*');
 *   - on the embedded database (one PGlite session: a notification reaches only the connection that caused it),
 *     each request compares `auth_epoch`, which every such change moves on, and any change empties the cache.
 * A dropped LISTEN connection empties the cache and reconnects (what was sent meanwhile is missed: everything is
 * verified again); entries also age out after ten minutes.
 * A notification reaches the other instances within milliseconds, not before their next request: the instance that
 * made a change waits for its own notifications (`barrier`) before it answers the write, so its own next request,
 * and the client's, already sees the change.
 * `watch` re-checks a long-lived holder of a session (every 2 s and after each invalidation) and says when it ends: the
 * event stream ends with its session.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Side } from '@dg/core';
import { connectionOptions, detectEngine, stmt, type Database } from '../db/index.ts';
import type { SharedState } from './shared-state.ts';
import type { SessionUser } from './access.ts';
import type { TokenClaims, Tokens } from './tokens.ts';
import { UUID_RE } from './schemas.ts';

const TTL_MS = 10 * 60_000;
/** how often watched sessions are checked again (a cache lookup each, the auth_epoch once when polling) */
const WATCH_MS = 2000;
const MAX_ENTRIES = 50_000;
export const EXPIRED = 'User token expired!';

interface UserRow { id: string; username: string; name: string; side: Side; enterpriseId: string | null; orgId: string | null;
  regionCode: string | null; isSuper: boolean; status: string; epoch: number; menus: Set<string>; elements: Set<string> }
interface Entry { user: SessionUser; at: number }
interface Watcher { token: string; user: SessionUser; onChange(user: SessionUser | null): void }

export class Sessions {
  private byToken = new Map<string, Entry>();
  private users = new Map<string, { p: Promise<UserRow | null>; at: number }>();
  /** moves on with every invalidation: a load that started before one is not cached */
  private gen = 0;
  private epoch = -1;
  private listener?: pg.Client;
  private ready = false;
  private closed = false;
  private waiters = new Map<string, () => void>();
  /** the token each session was authenticated with, for `watch` */
  private tokenOf = new WeakMap<SessionUser, string>();
  private watchers = new Set<Watcher>();
  private watchTimer?: NodeJS.Timeout;
  private soonTimer?: NodeJS.Timeout;
  private checking = false;
  /** an invalidation arrived during a check: one more round when it ends */
  private again = false;
  mode: 'listen' | 'poll' = 'poll';

  constructor(private database: Database, private tokens: Tokens, private state: SharedState) {}

  /** LISTEN on PostgreSQL; the embedded database (PGlite) cannot deliver another connection's NOTIFY */
  async start() {
    if (await detectEngine(this.database)) { this.mode = 'listen'; await this.listen(); }
  }

  private async listen() {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.database.url, ...connectionOptions });
    const retry = () => {
      if (this.listener !== c) return;
      this.listener = undefined;
      this.ready = false;
      this.flush();
      c.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.listen().catch(() => this.flush()), 500).unref();
    };
    c.on('error', retry);
    c.on('end', retry);
    c.on('notification', (n) => this.onNotice(n.payload ?? '*'));
    this.listener = c;
    try {
      await c.connect();
      await c.query('listen dg_auth');
      this.flush();
      this.ready = true;
    } catch {
      retry(); // until the listener is back every request reloads its session
    }
  }

  private get listening() { return this.mode === 'poll' || this.ready; }

  onNotice(what: string) {
    if (what.startsWith('sync:')) { this.waiters.get(what)?.(); this.waiters.delete(what); return; }
    this.gen++;
    if (what.startsWith('u:')) { const id = what.slice(2); this.users.delete(id); this.drop((e) => e.user.id === id); }
    else if (what.startsWith('j:')) { const jti = what.slice(2); this.drop((e) => e.user.token.jti === jti); }
    else this.flush();
    this.recheckSoon();
  }

  private drop(match: (e: Entry) => boolean) { for (const [k, e] of this.byToken) if (match(e)) this.byToken.delete(k); }
  flush() { this.gen++; this.byToken.clear(); this.users.clear(); this.recheckSoon(); }

  /** the user behind a token, or why not */
  async authenticate(token: string | undefined): Promise<SessionUser | { error: string }> {
    if (this.mode === 'poll') await this.checkEpoch();
    return this.lookup(token);
  }

  /** authenticate, the auth_epoch taken as checked */
  private async lookup(token: string | undefined): Promise<SessionUser | { error: string }> {
    const hit = token ? this.byToken.get(token) : undefined;
    if (hit && this.listening && Date.now() - hit.at < TTL_MS) {
      if (hit.user.token.exp * 1000 <= Date.now()) { this.byToken.delete(token!); return { error: EXPIRED }; }
      return hit.user;
    }
    const claims = this.tokens.verify(token);
    if ('error' in claims) return claims;
    const gen = this.gen;
    const [invalid, u] = await Promise.all([this.state.isInvalid(claims.jti), this.loadUser(claims.sub)]);
    if (invalid || !u || u.status !== '1' || u.epoch !== claims.ep) return { error: EXPIRED };
    const user: SessionUser = {
      id: u.id, username: u.username, name: u.name, side: u.side, enterpriseId: u.enterpriseId, orgId: u.orgId,
      regionCode: u.regionCode, isSuper: u.isSuper, menus: u.menus, elements: u.elements, token: claims,
    };
    this.tokenOf.set(user, token!);
    if (gen === this.gen && this.listening) {
      if (this.byToken.size >= MAX_ENTRIES) this.byToken.delete(this.byToken.keys().next().value!);
      this.byToken.set(token!, { user, at: Date.now() });
    }
    return user;
  }

  /** ends one token at once, on every instance */
  async revoke(claims: TokenClaims) {
    await this.state.invalidate(claims.jti, new Date(claims.exp * 1000));
    this.onNotice('j:' + claims.jti);
    await this.database.db.execute(sql`select dg_auth_notify(${'j:' + claims.jti})`);
  }

  /**
   * Returns once this instance's listener has received every notification committed before the call: one sent now
   * arrives after them (a listener gets notifications in commit order). At most a second; nothing to wait for when
   * polling, and without a listener nothing is cached.
   */
  async barrier() {
    if (this.mode !== 'listen' || !this.ready) return;
    const key = `sync:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      this.waiters.set(key, resolve);
      setTimeout(() => { this.waiters.delete(key); resolve(); }, 1000).unref();
    });
    try {
      await this.database.pool.query(`select pg_notify('dg_auth', $1)`, [key]);
    } catch {
      // the database went away after the write: so did the listener, and this instance verifies every session again
      // once it is back; nothing is left to wait for
      this.waiters.delete(key);
      this.flush();
      return;
    }
    await arrived;
  }

  /**
   * Watches the session of an open stream: `onChange(null)` once it has ended (signed out, refreshed, expired, the
   * user disabled, re-passworded or gone), `onChange(user)` when its grants changed. Checked every WATCH_MS and at
   * once after an invalidation reaches this instance. While the database does not answer the stream stays as it is:
   * nothing can end a session then. Returns the unwatch.
   */
  watch(user: SessionUser, onChange: (user: SessionUser | null) => void): () => void {
    const token = this.tokenOf.get(user);
    if (!token) { onChange(null); return () => {}; }
    const w: Watcher = { token, user, onChange };
    this.watchers.add(w);
    this.watchTimer ??= setInterval(() => void this.recheck(), WATCH_MS).unref();
    return () => {
      this.watchers.delete(w);
      if (this.watchers.size === 0) { clearInterval(this.watchTimer); this.watchTimer = undefined; }
    };
  }

  private recheckSoon() {
    if (this.watchers.size === 0 || this.soonTimer) return;
    this.soonTimer = setTimeout(() => { this.soonTimer = undefined; void this.recheck(); }, 50).unref();
  }

  private async recheck() {
    if (this.closed || this.watchers.size === 0) return;
    if (this.checking) { this.again = true; return; }
    this.checking = true;
    this.again = false;
    try {
      if (this.mode === 'poll') await this.checkEpoch();
      await Promise.all([...this.watchers].map(async (w) => {
        const u = await this.lookup(w.token);
        if (!this.watchers.has(w)) return;
        if ('error' in u) { this.watchers.delete(w); w.onChange(null); }
        else if (u !== w.user) { w.user = u; w.onChange(u); }
      }).map((p) => p.catch(() => { /* the database does not answer: checked again on the next round */ })));
    } catch {
      // the auth_epoch could not be read: the next round tries again
    } finally {
      this.checking = false;
      if (this.again) this.recheckSoon();
    }
  }

  private async checkEpoch() {
    const r = await this.database.pool.query<{ value: number }>('select value from auth_epoch where id = 1');
    const now = Number(r.rows[0]?.value ?? 0);
    if (now !== this.epoch) { this.flush(); this.epoch = now; }
  }

  /** the user and their grants in one round trip (AG-Admin: the union over the groups they are member or leader of) */
  private loadUser(id: string): Promise<UserRow | null> {
    if (!UUID_RE.test(id)) return Promise.resolve(null);
    const cached = this.users.get(id);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.p;
    const gen = this.gen;
    const p = this.database.pool.query<{
      id: string; username: string; name: string; side: Side; enterprise_id: string | null; org_id: string | null;
      status: string; token_epoch: number | null; is_super: boolean | null; org_region: string | null; menus: string[]; elements: string[];
    }>(stmt(this.database, 'dg_session_user', `with g as (select group_id from base_group_member where user_id = $1
                        union select group_id from base_group_leader where user_id = $1),
                  ra as (select ra.resource_id, ra.resource_type from base_resource_authority ra join g on g.group_id = ra.group_id)
             select u.id, u.username, u.name, u.side, u.enterprise_id, u.org_id, u.status, u.token_epoch, u.is_super,
                    o.region_code as org_region,
                    array(select m.code from base_menu m where m.id in (select resource_id from ra where resource_type = 'menu')) as menus,
                    array(select e.code from base_element e where e.id in (select resource_id from ra where resource_type = 'button')) as elements
             from base_user u left join base_org o on o.id = u.org_id where u.id = $1`, [id])).then((r) => {
      const u = r.rows[0];
      if (!u) return null;
      return {
        id: u.id, username: u.username, name: u.name, side: u.side, enterpriseId: u.enterprise_id, orgId: u.org_id,
        regionCode: u.side === 'government' ? u.org_region : null, isSuper: !!u.is_super, status: u.status,
        epoch: u.token_epoch ?? 0, menus: new Set(u.menus), elements: new Set(u.elements),
      };
    });
    // one load per user at a time; kept only while nothing changed meanwhile
    this.users.set(id, { p, at: Date.now() });
    const forget = () => { if (this.users.get(id)?.p === p) this.users.delete(id); };
    p.then(() => { if (gen !== this.gen || !this.listening) forget(); }, forget);
    return p;
  }

  async close() {
    this.closed = true;
    clearInterval(this.watchTimer);
    clearTimeout(this.soonTimer);
    this.watchers.clear();
    const c = this.listener;
    this.listener = undefined;
    await c?.end().catch(() => {});
  }
}
