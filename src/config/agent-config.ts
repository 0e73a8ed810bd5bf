import { z } from 'zod';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import { closestMatch } from '../utils/closest-match.js';
import { toSnakeKey } from './genai-keys.js';
import { knownKeysAt } from './schema-keys.js';

/*
 * The YAML agent config of ADK 2.x (Python `AgentConfig`, `agent_config.py`,
 * `common_configs.py`, `llm_agent_config.py`, `tools/tool_configs.py`), as
 * zod schemas over the snake_case YAML. Like pydantic's `extra='forbid'`,
 * every object rejects keys it does not define; the exceptions are a
 * tool's `args` (Python's `ToolArgsConfig`, `extra='allow'`) and the
 * free-form values of `ArgumentConfig`.
 */

/** One argument of a `CodeConfig` (Python `ArgumentConfig`): `name` is absent for positional arguments. */
export const ArgumentConfig = z
  .strictObject({
    name: z.string().nullish(),
    value: z.unknown(),
  })
  .superRefine((argument, context) => {
    if (!Object.hasOwn(argument, 'value')) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Field required' });
    }
  });
/** One argument of a `CodeConfig`. */
export type ArgumentConfig = z.infer<typeof ArgumentConfig>;

/**
 * A reference to code by dotted name (Python `CodeConfig`): callbacks,
 * `input_schema`/`output_schema`, `model_code`. `args` is accepted as
 * Python accepts it.
 */
export const CodeConfig = z.strictObject({
  name: z.string(),
  args: z.array(ArgumentConfig).nullish(),
});
/** A reference to code by dotted name. */
export type CodeConfig = z.infer<typeof CodeConfig>;

/**
 * A sub-agent reference (Python `AgentRefConfig`): exactly one of
 * `config_path` (a YAML file relative to the referencing file) or `code`
 * (a dotted name of an agent in the registry).
 */
export const AgentRefConfig = z
  .strictObject({
    config_path: z.string().nullish(),
    code: z.string().nullish(),
  })
  .superRefine((reference, context) => {
    const hasCode = reference.code !== undefined && reference.code !== null;
    const hasPath = reference.config_path !== undefined && reference.config_path !== null;
    if (hasCode && hasPath) {
      context.addIssue({
        code: 'custom',
        message: 'Only one of `code` or `config_path` should be provided',
      });
    } else if (!hasCode && !hasPath) {
      context.addIssue({
        code: 'custom',
        message: 'Exactly one of `code` or `config_path` must be provided',
      });
    }
  });
/** A sub-agent reference. */
export type AgentRefConfig = z.infer<typeof AgentRefConfig>;

/**
 * One entry of an LLM agent's `tools` (Python `ToolConfig`): a built-in
 * name (`google_search`, `AgentTool`, ...) or a dotted name, with free-form
 * `args` (a mapping) for tool classes and tool factories.
 */
export const ToolYamlConfig = z.strictObject({
  name: z.string(),
  args: z.record(z.string(), z.unknown()).nullish(),
});
/** One entry of an LLM agent's `tools`. */
export type ToolYamlConfig = z.infer<typeof ToolYamlConfig>;

// The fields of genai's GenerateContentConfig; pydantic (extra='forbid')
// accepts each in snake_case or camelCase.
const generateContentConfigFields = [
  'httpOptions',
  'serviceTier',
  'systemInstruction',
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'responseLogprobs',
  'logprobs',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'routingConfig',
  'modelSelectionConfig',
  'safetySettings',
  'tools',
  'toolConfig',
  'labels',
  'cachedContent',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'audioTimestamp',
  'automaticFunctionCalling',
  'thinkingConfig',
  'audioTranscriptionConfig',
  'imageConfig',
  'enableEnhancedCivicAnswers',
  'modelArmorConfig',
  'continuationToken',
  'automaticContinuation',
  'generationOutputConfig',
  'store',
];
const generateContentConfigKeys = new Set([
  ...generateContentConfigFields,
  ...generateContentConfigFields.map(toSnakeKey),
]);

/**
 * `generate_content_config`: a genai `GenerateContentConfig` mapping in
 * snake_case or camelCase; unknown top-level fields are rejected.
 */
export const GenerateContentConfigYaml = z
  .record(z.string(), z.unknown())
  .superRefine((config, context) => {
    for (const key of Object.keys(config)) {
      if (!generateContentConfigKeys.has(key)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `Extra inputs are not permitted${didYouMean(key, generateContentConfigKeys)}`,
        });
      }
    }
  });

/** `static_instruction`: genai's `ContentUnion` (text, a Content, a Part, or a list of texts and Parts). */
export const StaticInstructionYaml = z.union([
  z.string(),
  z.record(z.string(), z.unknown()),
  z.array(z.union([z.string(), z.record(z.string(), z.unknown())])),
]);

const baseAgentFields = {
  agent_class: z.string().optional(),
  name: z.string(),
  description: z.string().optional(),
  sub_agents: z.array(AgentRefConfig).nullish(),
  before_agent_callbacks: z.array(CodeConfig).nullish(),
  after_agent_callbacks: z.array(CodeConfig).nullish(),
};

/** An `LlmAgent` (Python `LlmAgentConfig`); `instruction` is required, as in Python. */
export const LlmAgentYamlConfig = z
  .strictObject({
    ...baseAgentFields,
    model: z.string().nullish(),
    model_code: CodeConfig.nullish(),
    instruction: z.string(),
    static_instruction: StaticInstructionYaml.nullish(),
    disallow_transfer_to_parent: z.boolean().nullish(),
    disallow_transfer_to_peers: z.boolean().nullish(),
    input_schema: CodeConfig.nullish(),
    output_schema: CodeConfig.nullish(),
    output_key: z.string().nullish(),
    include_contents: z.enum(['default', 'none']).optional(),
    tools: z.array(ToolYamlConfig).nullish(),
    before_model_callbacks: z.array(CodeConfig).nullish(),
    after_model_callbacks: z.array(CodeConfig).nullish(),
    before_tool_callbacks: z.array(CodeConfig).nullish(),
    after_tool_callbacks: z.array(CodeConfig).nullish(),
    generate_content_config: GenerateContentConfigYaml.nullish(),
  })
  .superRefine((config, context) => {
    if (config.model && config.model_code) {
      context.addIssue({
        code: 'custom',
        message: 'Only one of `model` or `model_code` should be set.',
      });
    }
  });
/** An `LlmAgent` config. */
export type LlmAgentYamlConfig = z.infer<typeof LlmAgentYamlConfig>;

/** A `SequentialAgent` (Python `SequentialAgentConfig`): the base fields only. */
export const SequentialAgentYamlConfig = z.strictObject(baseAgentFields);
/** A `SequentialAgent` config. */
export type SequentialAgentYamlConfig = z.infer<typeof SequentialAgentYamlConfig>;

/** A `ParallelAgent` (Python `ParallelAgentConfig`): the base fields only. */
export const ParallelAgentYamlConfig = z.strictObject(baseAgentFields);
/** A `ParallelAgent` config. */
export type ParallelAgentYamlConfig = z.infer<typeof ParallelAgentYamlConfig>;

/** A `LoopAgent` (Python `LoopAgentConfig`): the base fields and `max_iterations`. */
export const LoopAgentYamlConfig = z.strictObject({
  ...baseAgentFields,
  max_iterations: z.int().nullish(),
});
/** A `LoopAgent` config. */
export type LoopAgentYamlConfig = z.infer<typeof LoopAgentYamlConfig>;

/** The agent classes a YAML config can name. */
export type AgentClassName = 'LlmAgent' | 'SequentialAgent' | 'ParallelAgent' | 'LoopAgent';

/** A validated agent config, tagged with its agent class. */
export type AgentYamlConfig =
  | { readonly agentClass: 'LlmAgent'; readonly config: LlmAgentYamlConfig }
  | { readonly agentClass: 'SequentialAgent'; readonly config: SequentialAgentYamlConfig }
  | { readonly agentClass: 'ParallelAgent'; readonly config: ParallelAgentYamlConfig }
  | { readonly agentClass: 'LoopAgent'; readonly config: LoopAgentYamlConfig };

const agentClassNames: readonly AgentClassName[] = [
  'LlmAgent',
  'SequentialAgent',
  'ParallelAgent',
  'LoopAgent',
];

const agentClassModules: Readonly<Record<AgentClassName, string>> = {
  LlmAgent: 'llm_agent',
  SequentialAgent: 'sequential_agent',
  ParallelAgent: 'parallel_agent',
  LoopAgent: 'loop_agent',
};

/**
 * The agent class an `agent_class` value names: absent or empty means
 * `LlmAgent` (Python's default); the short name, `google.adk.agents.<Name>`
 * and `google.adk.agents.<module>.<Name>` are accepted. Anything else
 * (including a custom class) is undefined.
 */
export function agentClassOf(agentClass: unknown): AgentClassName | undefined {
  if (agentClass === undefined || agentClass === '') return 'LlmAgent';
  if (typeof agentClass !== 'string') return undefined;
  return agentClassNames.find(
    (name) =>
      agentClass === name ||
      agentClass === `google.adk.agents.${name}` ||
      agentClass === `google.adk.agents.${agentClassModules[name]}.${name}`,
  );
}

/**
 * Validates one parsed YAML document as an agent config (Python
 * `AgentConfig.model_validate` with its `agent_class` discriminator).
 * Throws `InvalidAgentConfigError` naming `source` and listing every
 * problem (`path: message`) when the document does not fit, or when
 * `agent_class` names a class other than the four built-in ones.
 */
export function parseAgentYamlConfig(data: unknown, source: string): AgentYamlConfig {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InvalidAgentConfigError({
      message: `Invalid agent config ${source}: the document must be a mapping.`,
    });
  }
  const record = data as Record<string, unknown>;
  const agentClass = agentClassOf(record['agent_class']);
  if (agentClass === undefined) {
    throw new InvalidAgentConfigError({
      message:
        `Invalid agent config ${source}: unsupported agent_class ` +
        `${JSON.stringify(record['agent_class'])}. Use LlmAgent, SequentialAgent, ParallelAgent ` +
        'or LoopAgent.',
    });
  }
  switch (agentClass) {
    case 'LlmAgent':
      return { agentClass, config: check(LlmAgentYamlConfig, record, source) };
    case 'SequentialAgent':
      return { agentClass, config: check(SequentialAgentYamlConfig, record, source) };
    case 'ParallelAgent':
      return { agentClass, config: check(ParallelAgentYamlConfig, record, source) };
    case 'LoopAgent':
      return { agentClass, config: check(LoopAgentYamlConfig, record, source) };
  }
}

function check<T>(schema: z.ZodType<T>, data: unknown, source: string): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new InvalidAgentConfigError({
    message: `Invalid agent config ${source}:\n${formatIssues(result.error.issues, schema)}`,
    cause: result.error,
  });
}

/**
 * Zod issues as `  - path: message` lines, keys spelled as in the YAML. An
 * unknown key reads `key: Extra inputs are not permitted` (pydantic's text);
 * given the `schema` the issues came from, a field of the same object within
 * a few typos is suggested: ``(did you mean `instruction`?)``.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], schema?: z.ZodType): string {
  return issues
    .flatMap((issue) => {
      const path = formatPath(issue.path);
      if (issue.code === 'unrecognized_keys') {
        const known = schema ? knownKeysAt(schema, issue.path) : [];
        return issue.keys.map(
          (key) =>
            `  - ${path ? `${path}.` : ''}${key}: Extra inputs are not permitted${didYouMean(key, known)}`,
        );
      }
      return [`  - ${path || '(document)'}: ${issue.message}`];
    })
    .join('\n');
}

/** `` (did you mean `<field>`?)`` for the field nearest to an unknown `key`, or ''. */
export function didYouMean(key: string, fields: Iterable<string>): string {
  const match = closestMatch(key, fields);
  return match === undefined ? '' : ` (did you mean \`${match}\`?)`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text;
}
