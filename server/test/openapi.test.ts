/**
 * The OpenAPI document (/api/docs/json) describes the bodies, not only the paths: the resource engine's add and the
 * waybill's add, update and change list the definition's fields with their labels, and the waybill's goods and crew.
 */
import { describe, it, expect } from 'vitest';
import { testApp } from './helpers.ts';

const t = await testApp();
const doc = (await t.call('GET', '/api/docs/json', { as: 'admin' })).body;
const bodyOf = (path: string, method: string) => {
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  // an intersection (update: the fields and { id, version }) is an allOf
  const parts = schema?.allOf ?? [schema];
  return Object.assign({}, ...parts.map((p: { properties?: object }) => p?.properties ?? {})) as Record<string, { description?: string }>;
};

describe('the OpenAPI document', () => {
  it("describes a resource's add body field by field", () => {
    const body = bodyOf('/api/xxda/vehicle/add', 'post');
    expect(body.plateNo?.description).toMatch(/^车牌号码；必填/);
    expect(body.plateColor?.description).toContain('车牌颜色');
    expect(Object.keys(body).length).toBeGreaterThan(15);
  });

  it("describes the waybill's add, update and change bodies with the form's fields, goods and crew", () => {
    for (const [path, method] of [['/api/dzyd/waybill/add', 'post'], ['/api/dzyd/waybill/update', 'put'], ['/api/dzyd/waybill/change/{id}', 'post']] as const) {
      const body = bodyOf(path, method);
      expect(body.shipperName?.description, path).toMatch(/^托运人名称；必填；最多100个字符/);
      expect(body.goods?.description, path).toContain('货物明细');
      expect(body.vehicleId, path).toBeTruthy();
    }
    expect(bodyOf('/api/dzyd/waybill/update', 'put').version).toBeTruthy();
    expect(bodyOf('/api/dzyd/waybill/change/{id}', 'post').reason).toBeTruthy();
  });
});
