import { describe, expect, it } from 'vitest';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { agentClassOf, parseAgentYamlConfig } from './agent-config.js';
import { isDottedName } from './config-registry.js';
import {
  CONTENT_RULE,
  GENERATE_CONTENT_CONFIG_RULE,
  LLM_REQUEST_RULE,
  toCamelCaseKeys,
  toSnakeCaseKeys,
} from './genai-keys.js';

function problems(data: unknown): string {
  try {
    parseAgentYamlConfig(data, 'test.yaml');
  } catch (error) {
    expect(InvalidAgentConfigError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new InvalidAgentConfigError({ message: 'expected the config to be rejected' });
}

describe('parseAgentYamlConfig', () => {
  it('defaults to LlmAgent and accepts the four agent classes by short and full name', () => {
    expect(parseAgentYamlConfig({ name: 'a', instruction: 'x' }, 'f').agentClass).toBe('LlmAgent');
    expect(agentClassOf('')).toBe('LlmAgent');
    expect(agentClassOf('SequentialAgent')).toBe('SequentialAgent');
    expect(agentClassOf('google.adk.agents.ParallelAgent')).toBe('ParallelAgent');
    expect(agentClassOf('google.adk.agents.loop_agent.LoopAgent')).toBe('LoopAgent');
    expect(agentClassOf('my.custom.Agent')).toBeUndefined();
    expect(problems({ agent_class: 'my.custom.Agent', name: 'a' })).toContain(
      'unsupported agent_class "my.custom.Agent"',
    );
  });

  it('rejects unknown keys at every level, like extra="forbid"', () => {
    expect(problems({ name: 'a', instruction: 'x', colour: 'red' })).toContain(
      'colour: Extra inputs are not permitted',
    );
    expect(
      problems({ name: 'a', instruction: 'x', tools: [{ name: 'google_search', arg: {} }] }),
    ).toContain('tools[0].arg: Extra inputs are not permitted');
    expect(
      problems({ name: 'a', instruction: 'x', sub_agents: [{ config_path: 'b.yaml', extra: 1 }] }),
    ).toContain('sub_agents[0].extra: Extra inputs are not permitted');
    expect(
      problems({ name: 'a', instruction: 'x', generate_content_config: { temprature: 1 } }),
    ).toContain('generate_content_config.temprature: Extra inputs are not permitted');
    expect(problems({ agent_class: 'LoopAgent', name: 'a', instruction: 'x' })).toContain(
      'instruction: Extra inputs are not permitted',
    );
  });

  it('suggests the field an unknown key was probably meant to be, at every level', () => {
    expect(problems({ name: 'a', instructions: 'x' })).toContain(
      'instructions: Extra inputs are not permitted (did you mean `instruction`?)',
    );
    expect(
      problems({ name: 'a', instruction: 'x', tools: [{ name: 'google_search', arg: {} }] }),
    ).toContain('tools[0].arg: Extra inputs are not permitted (did you mean `args`?)');
    expect(
      problems({ name: 'a', instruction: 'x', sub_agents: [{ config_pth: 'b.yaml' }] }),
    ).toContain(
      'sub_agents[0].config_pth: Extra inputs are not permitted (did you mean `config_path`?)',
    );
    expect(
      problems({ name: 'a', instruction: 'x', generate_content_config: { temprature: 1 } }),
    ).toContain(
      'generate_content_config.temprature: Extra inputs are not permitted (did you mean `temperature`?)',
    );
    expect(
      problems({ name: 'a', instruction: 'x', before_model_callbacks: [{ nmae: 'a.b' }] }),
    ).toContain(
      'before_model_callbacks[0].nmae: Extra inputs are not permitted (did you mean `name`?)',
    );
    expect(problems({ agent_class: 'LoopAgent', name: 'a', max_iteration: 2 })).toContain(
      'max_iteration: Extra inputs are not permitted (did you mean `max_iterations`?)',
    );
    // Nothing close: no suggestion.
    expect(problems({ name: 'a', instruction: 'x', colour: 'red' })).toMatch(
      /colour: Extra inputs are not permitted$/m,
    );
  });

  it('keeps tool args free-form', () => {
    const parsed = parseAgentYamlConfig(
      { name: 'a', instruction: 'x', tools: [{ name: 'AgentTool', args: { anything: [1] } }] },
      'f',
    );
    expect(parsed.agentClass === 'LlmAgent' && parsed.config.tools?.[0]?.args).toEqual({
      anything: [1],
    });
  });

  it("applies Python's validators", () => {
    expect(problems({ name: 'a' })).toContain('instruction:');
    expect(problems({ instruction: 'x' })).toContain('name:');
    expect(
      problems({ name: 'a', instruction: 'x', model: 'm', model_code: { name: 'a.b' } }),
    ).toContain('Only one of `model` or `model_code` should be set.');
    expect(
      problems({ name: 'a', instruction: 'x', sub_agents: [{ config_path: 'b', code: 'c.d' }] }),
    ).toContain('Only one of `code` or `config_path` should be provided');
    expect(problems({ name: 'a', instruction: 'x', sub_agents: [{}] })).toContain(
      'Exactly one of `code` or `config_path` must be provided',
    );
    expect(problems({ name: 'a', instruction: 'x', include_contents: 'all' })).toContain(
      'include_contents',
    );
    expect(problems({ agent_class: 'LoopAgent', name: 'a', max_iterations: 1.5 })).toContain(
      'max_iterations',
    );
    expect(problems(['not', 'a', 'mapping'])).toContain('must be a mapping');
  });
});

describe('isDottedName', () => {
  it.each(['a.b', 'pkg.mod.fn', '_x.y_1'])('accepts %s', (name) => {
    expect(isDottedName(name)).toBe(true);
  });
  it.each(['a', 'a.', '.a', 'a..b', 'a.b-c', '../a.b', 'a/b.c', '1a.b', 'a.b ', ''])(
    'rejects %j',
    (name) => {
      expect(isDottedName(name)).toBe(false);
    },
  );
});

describe('genai key conversion', () => {
  it('camelCases model keys and keeps user data and schema property names', () => {
    expect(
      toCamelCaseKeys(
        {
          role: 'model',
          parts: [
            { function_call: { name: 'f', args: { user_id: 1, nested_key: { a_b: null } } } },
            { function_response: { name: 'f', response: { ticket_id: 'x' } } },
            { thought_signature: 'abc', text: null },
          ],
        },
        CONTENT_RULE,
      ),
    ).toEqual({
      role: 'model',
      parts: [
        { functionCall: { name: 'f', args: { user_id: 1, nested_key: { a_b: null } } } },
        { functionResponse: { name: 'f', response: { ticket_id: 'x' } } },
        { thoughtSignature: 'abc' },
      ],
    });
    expect(
      toCamelCaseKeys(
        {
          response_schema: {
            type: 'OBJECT',
            properties: { user_id: { type: 'STRING', max_length: '3' } },
            any_of: [{ type: 'NULL' }],
          },
          response_json_schema: { snake_key: true },
          labels: { my_label: 'v' },
        },
        GENERATE_CONTENT_CONFIG_RULE,
      ),
    ).toEqual({
      responseSchema: {
        type: 'OBJECT',
        properties: { user_id: { type: 'STRING', maxLength: '3' } },
        anyOf: [{ type: 'NULL' }],
      },
      responseJsonSchema: { snake_key: true },
      labels: { my_label: 'v' },
    });
  });

  it("dumps a request as Python's snake_case model_dump", () => {
    expect(
      toSnakeCaseKeys(
        {
          model: 'm',
          contents: [
            { role: 'user', parts: [{ functionResponse: { name: 'f', response: { aB: 1 } } }] },
          ],
          config: {
            systemInstruction: 'hi',
            tools: [
              {
                functionDeclarations: [
                  {
                    name: 'f',
                    parameters: { type: 'OBJECT', properties: { userId: { type: 'STRING' } } },
                  },
                ],
              },
              { googleSearch: {} },
            ],
            temperature: undefined,
          },
        },
        LLM_REQUEST_RULE,
      ),
    ).toEqual({
      model: 'm',
      contents: [
        { role: 'user', parts: [{ function_response: { name: 'f', response: { aB: 1 } } }] },
      ],
      config: {
        system_instruction: 'hi',
        tools: [
          {
            function_declarations: [
              {
                name: 'f',
                parameters: { type: 'OBJECT', properties: { userId: { type: 'STRING' } } },
              },
            ],
          },
          { google_search: {} },
        ],
      },
    });
  });

  it('adds a __proto__ key as data, never as the prototype', () => {
    const input = JSON.parse(
      '{"parts":[{"function_call":{"args":{"__proto__":{"polluted":true}}}}]}',
    ) as unknown;
    const converted = toCamelCaseKeys(input, CONTENT_RULE) as {
      parts: { functionCall: { args: Record<string, unknown> } }[];
    };
    const args = converted.parts[0]!.functionCall.args;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
