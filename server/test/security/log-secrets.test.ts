/**
 * No credential reaches the operation log or the sign-in log: every kind of call that takes its token as ?token= (the
 * event stream, a download, an export, an import, a write, revoking a token) and a sign-in, a failed one, a password
 * change — then the whole of gate_log and login_log, as text, holds none of the tokens or passwords used.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from '../helpers.ts';
import { hashPassword } from '../../src/platform/crud/write.ts';
import { multipart } from './upload-fixtures.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

describe('6. tokens and passwords are not kept in the logs', () => {
  it('after every call that takes ?token=, a sign-in and a password change, no log row holds any of them', { timeout: 60_000 }, async () => {
    const username = uid('logsec');
    const [first, second, wrong] = [`Pw1${uid()}`, `Pw2${uid()}`, `Wrong9${uid()}`];
    const [ent] = await t.sql(`select enterprise_id from base_user where username = 'qiye'`);
    const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('日志测试', $1, $2, 'enterprise', $3, '1') returning id`,
      [username, await hashPassword(first), ent.enterprise_id]);
    await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = 'enterpriseAdmin'`, [u.id]);
    const signIn = async (password: string) => {
      const r = await t.login(username, password);
      expect(r.status, r.message).toBe(200);
      return r.data;
    };
    const tokens = [await signIn(first), await signIn(first), await signIn(first)];
    const [main, revoked, other] = tokens;
    expect((await t.login(username, wrong)).status).toBe(40001);

    const q = (token: string) => `?token=${encodeURIComponent(token)}`;
    const call = async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: method as 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

    // the event stream, over a real connection (it never ends by itself)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/events${q(main!)}`, { signal: abort.signal });
    expect(stream.status).toBe(200);
    abort.abort();

    // an attachment uploaded with the header, downloaded with ?token=
    const up = multipart([{ name: 'file', filename: 'log.txt', data: 'hello' }]);
    const file = (await call('POST', '/api/zxxx/file/add?bizType=vehicle', up.payload, { authorization: main!, 'content-type': up.contentType })).json();
    expect(file.status).toBe(200);
    expect((await call('GET', `/api/zxxx/file/getAttachment/${file.data.id}${q(main!)}`)).statusCode).toBe(200);
    // an export, the template and an import (logged writes), each with the token in the query only
    const exported = await call('POST', `/api/xxda/vehicle/export${q(main!)}`, {}, { 'content-type': 'application/json' });
    expect(exported.statusCode).toBe(200);
    const template = await call('GET', `/api/xxda/vehicle/template${q(main!)}`);
    expect(template.statusCode).toBe(200);
    const imp = multipart([{ name: 'file', filename: 'vehicles.xlsx', data: template.rawPayload }]);
    const imported = (await call('POST', `/api/xxda/vehicle/import${q(main!)}&access_token=${main}&jobId=j1`, imp.payload, { 'content-type': imp.contentType })).json();
    expect(imported.status).toBe(200);
    // a write refused by its rules, the token and the password in its body and its query under other names
    const refused = (await call('POST', `/api/xxda/vehicle/add${q(main!)}&accessToken=${main}&t=${main}&password=${first}`,
      { plateNo: 'x', remark: `Bearer ${main}`, password: first, pwd: first, credentials: { secret: first } }, { 'content-type': 'application/json' })).json();
    expect(refused.status).toBe(40001);
    // a token revoked by naming it in the query
    expect((await call('POST', `/api/auth/jwt/invalid${q(revoked!)}`, undefined, { authorization: revoked! })).json().status).toBe(200);
    // the password changed, and a sign-in with the new one
    const changed = (await call('PUT', '/api/admin/user/password', { oldPassword: first, newPassword: second }, { authorization: other!, 'content-type': 'application/json' })).json();
    expect(changed.status).toBe(200);
    tokens.push(changed.data, await signIn(second));

    const logs = (await t.sql(`select coalesce(string_agg(g::text, E'\\n'), '') as text from gate_log g`))[0].text as string
      + (await t.sql(`select coalesce(string_agg(l::text, E'\\n'), '') as text from login_log l`))[0].text as string;
    expect(logs).toContain(username); // the sign-ins are there
    const secrets = [...tokens.flatMap((tk) => [tk, tk.split('.')[2]!]), first, second, wrong];
    expect(secrets.filter((s) => logs.includes(s))).toEqual([]);
    // the calls were logged (so the search above searched something), their credentials masked
    const uris = (await t.sql(`select uri from gate_log where crt_user = $1 order by crt_time`, [u.id])).map((r) => r.uri as string);
    expect(uris).toEqual(expect.arrayContaining([
      '/api/xxda/vehicle/export?token=******', '/api/xxda/vehicle/import?token=******&access_token=******&jobId=j1',
      '/api/xxda/vehicle/add?token=******&accessToken=******&t=******&password=******', '/api/auth/jwt/invalid?token=******', '/api/admin/user/password',
    ]));
  });
});
