import { describe, expect, it } from 'vitest';
import { apiKeyVariable, codeTemplate, envFileText } from './scaffold-app.js';

/* The files `adk create` writes (Python cli_create.py `_generate_files`). */

describe('envFileText', () => {
  it('selects the Gemini API with a key, Vertex AI with a project and region', () => {
    expect(
      envFileText({ appDir: '/a', type: 'code', model: 'gemini-2.5-flash', apiKey: 'k' }),
    ).toBe('GOOGLE_GENAI_USE_VERTEXAI=0\nGOOGLE_API_KEY=k\n');
    expect(
      envFileText({
        appDir: '/a',
        type: 'code',
        model: 'gemini-2.5-flash',
        project: 'p',
        region: 'r',
      }),
    ).toBe('GOOGLE_GENAI_USE_VERTEXAI=1\nGOOGLE_CLOUD_PROJECT=p\nGOOGLE_CLOUD_LOCATION=r\n');
    expect(envFileText({ appDir: '/a', type: 'code', model: 'gemini-2.5-flash' })).toBe('');
  });

  it("puts a Claude or OpenAI key in that provider's variable", () => {
    expect(
      envFileText({ appDir: '/a', type: 'code', model: 'claude-sonnet-4-5', apiKey: 'k' }),
    ).toBe('ANTHROPIC_API_KEY=k\n');
    expect(apiKeyVariable('gpt-4o')).toBe('OPENAI_API_KEY');
    expect(apiKeyVariable('o3-mini')).toBe('OPENAI_API_KEY');
    expect(apiKeyVariable('gemini-2.5-pro')).toBe('GOOGLE_API_KEY');
  });
});

describe('codeTemplate', () => {
  it('quotes the model name as a single-quoted string literal', () => {
    expect(codeTemplate('gemini-2.5-flash')).toContain("  model: 'gemini-2.5-flash',\n");
    expect(codeTemplate("it's")).toContain("  model: 'it\\'s',\n");
    expect(codeTemplate('a"b\\c\nd')).toContain("  model: 'a\"b\\\\c\\nd',\n");
    expect(codeTemplate('x')).not.toContain('"');
  });
});
