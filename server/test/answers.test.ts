/**
 * Answers declared in core: the OpenAPI document shows what a route answers, and with CHECK_ANSWERS (every test app)
 * an answer that strays from its schema is a 500 naming the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); await t.app.ready(); });

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> }>> };

describe('declared answers', () => {
  it('the OpenAPI document shows a declared answer down to its nested fields', () => {
    const doc = (t.app as unknown as { swagger(): Doc }).swagger();
    const paper = doc.paths['/api/exam/my/paper/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    const data = paper?.properties?.data as { properties?: Record<string, { items?: { properties?: Record<string, unknown> } }> } | undefined;
    expect(Object.keys(data?.properties ?? {})).toEqual(expect.arrayContaining(['deadlineAt', 'secondsLeft', 'questions']));
    expect(Object.keys(data?.properties?.questions?.items?.properties ?? {})).toEqual(expect.arrayContaining(['stem', 'options', 'answer']));
  });

  it('every test app checks what it sends', () => {
    expect(t.app.ctx.config.checkAnswers).toBe(true);
  });
});
