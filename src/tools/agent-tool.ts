import type {
  ArtifactKey,
  ArtifactVersion,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from '../artifacts/base-artifact-service.js';
import type { AgentContract } from '../context/agent-contract.js';
import type { Context } from '../context/context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import type {
  Content,
  FunctionDeclaration,
  GroundingMetadata,
  Part,
  Schema,
} from '../types/index.js';
import { deepClone } from '../utils/deep-clone.js';
import { setOwn } from '../utils/get-own.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { pythonJsonDumps } from '../utils/python-json.js';
import { BaseTool, type RunToolArguments } from './base-tool.js';

/**
 * A structured schema as an agent holds it (an LlmAgent's `inputSchema` /
 * `outputSchema`): the genai `Schema` sent to the model and a parser that
 * validates a value against it (throwing when it does not fit).
 */
export interface AgentToolSchema {
  readonly declaration: Schema;
  parse(value: unknown): unknown;
}

/**
 * What AgentTool needs of the agent it wraps: the agent contract of
 * context/ plus, for LLM agents, their input and output schemas. `LlmAgent`
 * and every workflow agent satisfy it.
 */
export interface AgentToolAgent extends AgentContract {
  /** True for LLM agents; only they contribute schemas (Python's `isinstance(agent, LlmAgent)`). */
  readonly isLlmAgent?: boolean;
  readonly inputSchema?: AgentToolSchema | undefined;
  readonly outputSchema?: AgentToolSchema | undefined;
}

/** Options of `new AgentTool(...)`. */
export interface AgentToolOptions {
  /** The agent to run as a tool; its name and description become the tool's. */
  agent: AgentToolAgent;
  /** Ends the calling agent's turn with the tool's result instead of a model summary (default false). */
  skipSummarization?: boolean;
  /** Runs the wrapped agent with the parent's plugins (default true, as in Python). */
  includePlugins?: boolean;
  /** Copies the wrapped agent's last grounding metadata into `temp:_adk_grounding_metadata` (default false). */
  propagateGroundingMetadata?: boolean;
}

/** The user-message prefix Python adds when an input-schema agent has no output schema. */
export const AGENT_TOOL_STRUCTURED_REQUEST_PREFIX =
  'Process the following structured request. Use your available tools as needed to gather' +
  ' information or perform actions before producing the final response.\n\nRequest:\n';

/**
 * A tool that runs an agent (Python `AgentTool`): the calling model asks
 * the wrapped agent a question and gets its final answer as the result.
 *
 * Declaration (Python's, the `response` as Vertex AI gets it, matching the
 * conformance recordings): `{description: agent.description, name:
 * agent.name, parameters, response}`. `parameters` is the input schema's
 * declaration when the agent has one (an LlmAgent's own, or for a workflow
 * agent its first sub-agent's, recursively), else one required STRING
 * `request`. `response` is `{type: OBJECT}` when the agent has an output
 * schema (an LlmAgent's own, or its last sub-agent's), else `{type: STRING}`.
 *
 * Running, in Python's order:
 * 1. `skipSummarization` sets `context.actions.skipSummarization`.
 * 2. The user message: with an input schema, the arguments are validated
 *    by it and written as compact JSON without nulls; that JSON alone when
 *    there is an output schema, else after
 *    `AGENT_TOOL_STRUCTURED_REQUEST_PREFIX`. Without one, `args.request`
 *    as it is (it must be a string), or, when absent, all arguments as
 *    Python's `json.dumps(args, ensure_ascii=False, sort_keys=True)`.
 * 3. The agent runs in a child invocation through the invocation's
 *    `childRunner` (the Runner's: a real child `Runner`, as Python's
 *    AgentTool builds one; `ServiceNotConfiguredError` on a context without
 *    one): a fresh in-memory session of the parent's app and user whose
 *    state is a copy of the parent's (without `_adk…` keys), a forwarding
 *    artifact service (`ForwardingArtifactService`), a new in-memory memory,
 *    the parent's credential service, the parent's plugins unless
 *    `includePlugins` is false, the parent's abort signal and Python's
 *    default run config, run and committed as `Runner.runAsync` does.
 * 4. Each committed event's state delta is written into the parent's state
 *    (`temp:` keys never arrive: committing strips them, as in Python). The
 *    last event with content gives the result: the text of its non-thought
 *    parts (code and code results included) joined by `\n`, parsed with the
 *    output schema (nulls dropped) when there is one. With no content, or
 *    no text, the last `errorMessage` is the result; else `''`.
 */
export class AgentTool extends BaseTool {
  readonly agent: AgentToolAgent;
  readonly skipSummarization: boolean;
  readonly includePlugins: boolean;
  readonly propagateGroundingMetadata: boolean;

  constructor({
    agent,
    skipSummarization = false,
    includePlugins = true,
    propagateGroundingMetadata = false,
  }: AgentToolOptions) {
    super({ name: agent.name, description: agent.description });
    this.agent = agent;
    this.skipSummarization = skipSummarization;
    this.includePlugins = includePlugins;
    this.propagateGroundingMetadata = propagateGroundingMetadata;
  }

  /** Python's declaration (see the class comment); a fresh object each call. */
  override getDeclaration(): FunctionDeclaration {
    const input = findInputSchema(this.agent);
    const output = findOutputSchema(this.agent);
    return {
      description: this.agent.description,
      name: this.name,
      parameters: input
        ? deepClone(input.declaration)
        : {
            properties: { request: { type: genaiType('STRING') } },
            required: ['request'],
            type: genaiType('OBJECT'),
          },
      response: { type: genaiType(output ? 'OBJECT' : 'STRING') },
    };
  }

  /** Runs the agent in a child invocation and returns its final answer (see the class comment). */
  override async runAsync({ args, context }: RunToolArguments): Promise<unknown> {
    if (this.skipSummarization) context.actions.skipSummarization = true;
    const message: Content = { role: 'user', parts: [{ text: this.requestText(args) }] };
    const outcome = await this.runChild(message, context);
    const { content, errorMessage, groundingMetadata } = outcome;
    if (!content?.parts) return errorMessage || '';
    const text = content.parts
      .filter((part) => !part.thought)
      .map(partToText)
      .filter((partText) => partText !== '')
      .join('\n');
    if (!text && errorMessage) return errorMessage;
    const output = findOutputSchema(this.agent);
    const result = output ? withoutNulls(output.parse(parseJson(text))) : text;
    if (this.propagateGroundingMetadata && groundingMetadata) {
      context.state.set('temp:_adk_grounding_metadata', groundingMetadata);
    }
    return result;
  }

  private requestText(args: Record<string, unknown>): string {
    const input = findInputSchema(this.agent);
    if (input) {
      const payload = JSON.stringify(withoutNulls(input.parse(args)));
      return findOutputSchema(this.agent)
        ? payload
        : `${AGENT_TOOL_STRUCTURED_REQUEST_PREFIX}${payload}`;
    }
    if (!Object.hasOwn(args, 'request')) return pythonJsonDumps(args, { sortKeys: true });
    const request = args['request'];
    if (typeof request !== 'string') {
      throw new InvalidArgumentError({
        message: `The request argument of agent tool ${this.name} must be a string.`,
        argument: 'request',
      });
    }
    return request;
  }

  // The child run is the Runner's (`context.invocation.childRunner`); what
  // comes back is the state it changed and its last content.
  private async runChild(message: Content, context: Context): Promise<ChildOutcome> {
    const parent = context.invocation;
    const childRunner = parent.childRunner;
    if (!childRunner) {
      throw new ServiceNotConfiguredError({
        service: 'childRunner',
        message: `AgentTool ${this.name} runs its agent through the Runner's child runs; this invocation has none.`,
      });
    }
    const state = Object.fromEntries(
      Object.entries(context.state.toRecord()).filter(([key]) => !key.startsWith('_adk')),
    );
    const events = childRunner.run({
      agent: this.agent,
      appName: parent.appName || this.agent.name,
      userId: parent.userId,
      state,
      message,
      artifactService: new ForwardingArtifactService(context),
      credentialService: parent.credentialService,
      authProviderRegistry: parent.authProviderRegistry,
      plugins: this.includePlugins ? parent.pluginManager : undefined,
      abortSignal: parent.abortSignal,
    });
    const outcome: ChildOutcome = {};
    for await (const event of events) {
      if (Object.keys(event.actions.stateDelta).length > 0) {
        context.state.update(event.actions.stateDelta);
      }
      if (event.errorMessage) outcome.errorMessage = event.errorMessage;
      if (event.content) {
        outcome.content = event.content;
        outcome.groundingMetadata = event.groundingMetadata;
      }
    }
    return outcome;
  }
}

/**
 * The artifact service of an AgentTool's child run (Python
 * `ForwardingArtifactService`): every call goes to the parent's artifacts
 * through the tool context, whatever app, user or session the child names.
 * Saves, loads and listings use the tool context (so saves are recorded in
 * the tool call's `artifactDelta`); the other calls go to the parent's
 * service with the parent's app, user and session, and throw
 * `ServiceNotConfiguredError` when the parent has none.
 */
export class ForwardingArtifactService implements BaseArtifactService {
  constructor(private readonly context: Context) {}

  /** Saves through the tool context; returns the new version. */
  saveArtifact({ filename, artifact, customMetadata }: SaveArtifactRequest): Promise<number> {
    return this.context.saveArtifact(filename, artifact, customMetadata);
  }

  /** Loads through the tool context. */
  loadArtifact({ filename, version }: LoadArtifactRequest): Promise<Part | undefined> {
    return this.context.loadArtifact(filename, version);
  }

  /** Lists the parent session's artifact names. */
  listArtifactKeys(_request: ListArtifactKeysRequest): Promise<string[]> {
    return this.context.listArtifacts();
  }

  /** Deletes from the parent session. */
  async deleteArtifact({ filename }: ArtifactKey): Promise<void> {
    await this.parentService().deleteArtifact(this.parentKey(filename));
  }

  /** The versions of a parent artifact. */
  async listVersions({ filename }: ArtifactKey): Promise<number[]> {
    return this.parentService().listVersions(this.parentKey(filename));
  }

  /** The version metadata of a parent artifact. */
  async listArtifactVersions({ filename }: ArtifactKey): Promise<ArtifactVersion[]> {
    return this.parentService().listArtifactVersions(this.parentKey(filename));
  }

  /** The metadata of one version of a parent artifact. */
  async getArtifactVersion({
    filename,
    version,
  }: LoadArtifactRequest): Promise<ArtifactVersion | undefined> {
    return this.parentService().getArtifactVersion({
      ...this.parentKey(filename),
      ...(version === undefined ? {} : { version }),
    });
  }

  private parentService(): BaseArtifactService {
    const service = this.context.invocation.artifactService;
    if (!service) {
      throw new ServiceNotConfiguredError({
        service: 'artifactService',
        message: 'Artifact service is not initialized.',
      });
    }
    return service;
  }

  private parentKey(filename: string): ArtifactKey {
    const parent = this.context.invocation;
    return {
      appName: parent.appName,
      userId: parent.userId,
      sessionId: parent.session.id,
      filename,
    };
  }
}

interface ChildOutcome {
  content?: Content;
  errorMessage?: string;
  groundingMetadata?: GroundingMetadata | undefined;
}

/** Python's `_get_input_schema`: an LLM agent's own (even when absent), else the first sub-agent's. */
export function findInputSchema(agent: AgentToolAgent): AgentToolSchema | undefined {
  if (agent.isLlmAgent === true) return agent.inputSchema;
  const first = agent.subAgents[0];
  return first ? findInputSchema(first) : undefined;
}

// Python's `_get_output_schema`: an LLM agent's own, else the last sub-agent's.
function findOutputSchema(agent: AgentToolAgent): AgentToolSchema | undefined {
  if (agent.isLlmAgent === true) return agent.outputSchema;
  const last = agent.subAgents[agent.subAgents.length - 1];
  return last ? findOutputSchema(last) : undefined;
}

// Python's `_part_to_text`: text, else code-execution output (trailing newlines cut), else code.
function partToText(part: Part): string {
  if (part.text) return part.text;
  if (part.codeExecutionResult?.output) return part.codeExecutionResult.output.replace(/\n+$/, '');
  if (part.executableCode?.code) return part.executableCode.code;
  return '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidArgumentError({
      message: `The agent's answer is not the JSON its output schema asks for: ${text}`,
      argument: 'outputSchema',
      cause: error,
    });
  }
}

// Pydantic's `exclude_none=True`.
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    setOwn(result, key, withoutNulls(item));
  }
  return result;
}

/** A genai `Type` value from its name (the enum is never loaded at run time). */
function genaiType(name: string): NonNullable<Schema['type']> {
  return name as NonNullable<Schema['type']>;
}
