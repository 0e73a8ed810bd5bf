import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { loadAgentFromYamlFile } from './load-agent-config.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adk-config-keys-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('YAML agent config with keys that name prototype members (issue 16 §5)', () => {
  it('loads without touching prototypes and keeps user-data keys as own keys', async () => {
    const file = path.join(dir, 'root_agent.yaml');
    await writeFile(
      file,
      [
        'name: helper',
        'model: gemini-2.5-flash',
        'instruction: Help.',
        'output_key: __proto__',
        'generate_content_config:',
        '  labels:',
        '    __proto__: polluted',
        '    constructor: c',
        '    prototype: p',
      ].join('\n'),
    );
    const agent = (await loadAgentFromYamlFile(file)) as LlmAgent;
    expect(agent).toBeInstanceOf(LlmAgent);
    expect(agent.outputKey).toBe('__proto__');
    const labels = agent.generateContentConfig?.labels ?? {};
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
    expect(Object.keys(labels)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(labels, '__proto__')?.value).toBe('polluted');
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'a top-level %s key reaches no prototype',
    async (key) => {
      const file = path.join(dir, 'root_agent.yaml');
      await writeFile(file, `name: helper\ninstruction: Help.\n${key}:\n  polluted: yes\n`);
      await loadAgentFromYamlFile(file).catch(() => undefined);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.hasOwn(LlmAgent.prototype, 'polluted')).toBe(false);
    },
  );
});
