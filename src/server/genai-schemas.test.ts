import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContentJson, isBase64, PartJson } from './genai-schemas.js';
import { CreateSessionRequest, RunAgentRequest, SaveArtifactRequest } from './request-schemas.js';

describe('genai schemas of request bodies (issue 15 §3)', () => {
  it.each(['', 'AA==', 'AA', 'AAA=', 'AAA', 'AAAA', 'ab-_', 'a+/b', 'aGVsbG8=', 'aGVsbG8'])(
    'base64 %j is accepted (standard or URL-safe, padding optional)',
    (text) => {
      expect(isBase64(text)).toBe(true);
    },
  );

  it.each(['!!!', 'A', 'AAAAA', 'AA=', 'AAAA=', 'AAA==', 'A===', 'AA==AA==', 'AB CD', 'AA\n=='])(
    'base64 %j is refused',
    (text) => {
      expect(isBase64(text)).toBe(false);
    },
  );

  it('checks megabytes of base64 without a regular expression overflowing', () => {
    expect(isBase64('QUJD'.repeat(3_000_000))).toBe(true);
    expect(isBase64(`${'QUJD'.repeat(3_000_000)}!`)).toBe(false);
  });

  it('keeps the keys of user objects as written, __proto__ included', () => {
    const args = JSON.parse('{"__proto__": {"x": 1}, "snake_key": 2}') as Record<string, unknown>;
    const content = ContentJson.parse({
      role: 'user',
      parts: [{ function_call: { name: 'f', args } }],
    });
    const copied = content.parts?.[0]?.functionCall?.args;
    expect(Object.keys(copied ?? {})).toEqual(['__proto__', 'snake_key']);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
  });

  it('drops null fields as pydantic reads them, and refuses unknown ones', () => {
    expect(PartJson.parse({ text: 'x', thought: null })).toEqual({ text: 'x' });
    expect(PartJson.safeParse({ text: 'x', colour: 'red' }).success).toBe(false);
  });

  it('request bodies describe themselves as JSON Schema (for an OpenAPI description)', () => {
    const schema = z.toJSONSchema(RunAgentRequest, { io: 'input' }) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    const content = schema.properties['newMessage'];
    expect(Object.keys(content?.properties ?? {})).toEqual(['role', 'parts']);
    expect(JSON.stringify(schema)).toContain('"inlineData"');
    expect(JSON.stringify(schema)).toContain('"contentEncoding":"base64"');
    for (const body of [CreateSessionRequest, SaveArtifactRequest]) {
      expect(() => z.toJSONSchema(body, { io: 'input' })).not.toThrow();
    }
  });
});
