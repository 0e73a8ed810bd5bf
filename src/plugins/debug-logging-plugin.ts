import { appendFile } from 'node:fs/promises';
import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  AgentHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
  ModelErrorHookArguments,
  RunHookArguments,
  ToolErrorHookArguments,
  UserMessageHookArguments,
} from '../context/hook-arguments.js';
import type { InvocationContext } from '../context/invocation-context.js';
import { isFinalResponse } from '../events/event-predicates.js';
import type { LlmRequest } from '../models/llm-request.js';
import { redactCredentials } from '../auth/redact-credentials.js';
import { logger } from '../utils/logger.js';
import { BasePlugin } from './base-plugin.js';
import {
  errorMessage,
  errorTypeName,
  pythonLocalTimestamp,
  safeSerialize,
  serializeContent,
} from './debug-logging-serialize.js';

/** Options of `DebugLoggingPlugin` (Python `DebugLoggingPlugin.__init__`). */
export interface DebugLoggingPluginOptions {
  /** The plugin's name; default `debug_logging_plugin`. */
  name?: string;
  /** The file each invocation is appended to; default `adk_debug.yaml`. */
  outputPath?: string;
  /** Whether to write the session state (and event count) at the end of each invocation; default true. */
  includeSessionState?: boolean;
  /** Whether requests show the full system instruction (else only its length); default true. */
  includeSystemInstruction?: boolean;
}

/** One record of the debug file. */
interface DebugEntry {
  timestamp: string;
  entry_type: string;
  invocation_id?: string;
  agent_name?: string;
  data: unknown;
}

/** What the plugin collects for one invocation until it ends. */
interface InvocationDebugState {
  invocation_id: string;
  session_id: string;
  app_name: string;
  user_id?: string;
  start_time: string;
  entries: DebugEntry[];
}

/**
 * Records everything an invocation does into a YAML file for debugging
 * (Python `DebugLoggingPlugin`): the user message, agent starts and ends,
 * each model request (model, contents, tools, config) and response (content,
 * usage, finish reason), model errors, tool calls, results and errors, every
 * event the Runner yields and, when enabled, the session state at the end.
 * When the run ends, the invocation is appended to `outputPath` as one YAML
 * document (`---` first) with Python's snake_case keys. Inline bytes are left
 * out, and so are the secrets of credentials (`redactCredentials`: a
 * client's answer to `adk_request_credential`, auth state), which Python
 * writes. The file holds whole prompts and answers: keep it private. A write
 * failure is logged, never raised. No hook short-circuits.
 */
export class DebugLoggingPlugin extends BasePlugin {
  private readonly outputPath: string;
  private readonly includeSessionState: boolean;
  private readonly includeSystemInstruction: boolean;
  private readonly invocationStates = new Map<string, InvocationDebugState>();

  constructor(options: DebugLoggingPluginOptions = {}) {
    super(options.name ?? 'debug_logging_plugin');
    this.outputPath = options.outputPath ?? 'adk_debug.yaml';
    this.includeSessionState = options.includeSessionState ?? true;
    this.includeSystemInstruction = options.includeSystemInstruction ?? true;
  }

  override onUserMessageCallback({ invocationContext, userMessage }: UserMessageHookArguments) {
    // The Runner calls this hook before beforeRunCallback; Python's plugin has no state
    // yet at that point and drops the message with a warning. Starting it here keeps it.
    this.startInvocation(invocationContext);
    this.addEntry(invocationContext.invocationId, 'user_message', undefined, {
      content: serializeContent(userMessage),
    });
    return undefined;
  }

  override beforeRunCallback({ invocationContext }: RunHookArguments) {
    this.startInvocation(invocationContext);
    this.addEntry(
      invocationContext.invocationId,
      'invocation_start',
      invocationContext.agent.name,
      {
        branch: invocationContext.branch,
      },
    );
    return undefined;
  }

  override onEventCallback({ invocationContext, event }: EventHookArguments) {
    const data: Record<string, unknown> = {
      event_id: event.id,
      author: event.author,
      content: serializeContent(event.content),
      is_final_response: isFinalResponse(event),
      partial: event.partial,
      turn_complete: event.turnComplete,
      branch: event.branch,
    };
    const actions = event.actions;
    const actionsData: Record<string, unknown> = {};
    if (Object.keys(actions.stateDelta).length > 0) actionsData['state_delta'] = actions.stateDelta;
    if (Object.keys(actions.artifactDelta).length > 0) {
      actionsData['artifact_delta'] = { ...actions.artifactDelta };
    }
    if (actions.transferToAgent) actionsData['transfer_to_agent'] = actions.transferToAgent;
    if (actions.escalate) actionsData['escalate'] = actions.escalate;
    const authRequests = Object.keys(actions.requestedAuthConfigs).length;
    if (authRequests > 0) actionsData['requested_auth_configs'] = authRequests;
    if (Object.keys(actionsData).length > 0) data['actions'] = actionsData;
    if (event.groundingMetadata) data['has_grounding_metadata'] = true;
    if (event.usageMetadata) {
      data['usage_metadata'] = {
        prompt_token_count: event.usageMetadata.promptTokenCount,
        candidates_token_count: event.usageMetadata.candidatesTokenCount,
        total_token_count: event.usageMetadata.totalTokenCount,
      };
    }
    if (event.errorCode) {
      data['error_code'] = event.errorCode;
      data['error_message'] = event.errorMessage;
    }
    if (event.longRunningToolIds?.length) data['long_running_tool_ids'] = event.longRunningToolIds;
    this.addEntry(invocationContext.invocationId, 'event', event.author, data);
    return undefined;
  }

  override async afterRunCallback({ invocationContext }: RunHookArguments): Promise<void> {
    const invocationId = invocationContext.invocationId;
    const state = this.invocationStates.get(invocationId);
    if (!state) {
      logger.warn(`No debug state for invocation ${invocationId}, skipping write`);
      return;
    }
    if (this.includeSessionState) {
      const session = invocationContext.session;
      this.addEntry(invocationId, 'session_state_snapshot', undefined, {
        state: session.state,
        event_count: session.events.length,
      });
    }
    this.addEntry(invocationId, 'invocation_end', undefined, {});
    try {
      // Loaded on first use: an app without this plugin never pays for the YAML writer.
      const { stringify } = await import('yaml');
      const document = stringify(safeSerialize(state), { lineWidth: 120 });
      // Owner-only when the file is created here: it holds whole prompts and answers.
      await appendFile(this.outputPath, `---\n${document}`, { encoding: 'utf8', mode: 0o600 });
      logger.debug(`Wrote debug data for invocation ${invocationId} to ${this.outputPath}`);
    } catch (error) {
      logger.error(`Failed to write debug data: ${errorMessage(error)}`);
    } finally {
      this.invocationStates.delete(invocationId);
    }
  }

  override beforeAgentCallback({ context }: AgentHookArguments) {
    this.addEntry(context.invocationId, 'agent_start', context.agentName, {
      branch: context.branch,
    });
    return undefined;
  }

  override afterAgentCallback({ context }: AgentHookArguments) {
    this.addEntry(context.invocationId, 'agent_end', context.agentName, {});
    return undefined;
  }

  override beforeModelCallback({ context, request }: BeforeModelHookArguments) {
    const data: Record<string, unknown> = {
      model: request.model,
      content_count: request.contents.length,
      contents: request.contents.map((content) => serializeContent(content)),
    };
    const tools = Object.keys(request.toolsDict);
    if (tools.length > 0) data['tools'] = tools;
    const config = this.configData(request);
    if (Object.keys(config).length > 0) data['config'] = config;
    this.addEntry(context.invocationId, 'llm_request', context.agentName, data);
    return undefined;
  }

  override afterModelCallback({ context, response }: AfterModelHookArguments) {
    const data: Record<string, unknown> = {
      content: serializeContent(response.content),
      partial: response.partial,
      turn_complete: response.turnComplete,
    };
    if (response.errorCode) {
      data['error_code'] = response.errorCode;
      data['error_message'] = response.errorMessage;
    }
    const usage = response.usageMetadata;
    if (usage) {
      data['usage_metadata'] = {
        prompt_token_count: usage.promptTokenCount,
        candidates_token_count: usage.candidatesTokenCount,
        total_token_count: usage.totalTokenCount,
        cached_content_token_count: usage.cachedContentTokenCount,
      };
    }
    if (response.groundingMetadata) data['has_grounding_metadata'] = true;
    if (response.finishReason) data['finish_reason'] = String(response.finishReason);
    if (response.modelVersion) data['model_version'] = response.modelVersion;
    this.addEntry(context.invocationId, 'llm_response', context.agentName, data);
    return undefined;
  }

  override onModelErrorCallback({ context, request, error }: ModelErrorHookArguments) {
    this.addEntry(context.invocationId, 'llm_error', context.agentName, {
      error_type: errorTypeName(error),
      error_message: errorMessage(error),
      model: request.model,
    });
    return undefined;
  }

  override beforeToolCallback({ tool, args, context }: BeforeToolHookArguments) {
    this.addEntry(context.invocationId, 'tool_call', context.agentName, {
      tool_name: tool.name,
      function_call_id: context.functionCallId,
      args,
    });
    return undefined;
  }

  override afterToolCallback({ tool, context, response }: AfterToolHookArguments) {
    this.addEntry(context.invocationId, 'tool_response', context.agentName, {
      tool_name: tool.name,
      function_call_id: context.functionCallId,
      result: response,
    });
    return undefined;
  }

  override onToolErrorCallback({ tool, args, context, error }: ToolErrorHookArguments) {
    this.addEntry(context.invocationId, 'tool_error', context.agentName, {
      tool_name: tool.name,
      function_call_id: context.functionCallId,
      args,
      error_type: errorTypeName(error),
      error_message: errorMessage(error),
    });
    return undefined;
  }

  private startInvocation(invocationContext: InvocationContext): void {
    const invocationId = invocationContext.invocationId;
    if (this.invocationStates.has(invocationId)) return;
    this.invocationStates.set(invocationId, {
      invocation_id: invocationId,
      session_id: invocationContext.session.id,
      app_name: invocationContext.session.appName,
      user_id: invocationContext.userId,
      start_time: pythonLocalTimestamp(),
      entries: [],
    });
  }

  /** The request's generation settings worth a look (Python's selection). */
  private configData(request: LlmRequest): Record<string, unknown> {
    const config = request.config;
    const data: Record<string, unknown> = {};
    const instruction = config.systemInstruction;
    if (this.includeSystemInstruction && instruction) {
      data['system_instruction'] = instruction;
    } else if (instruction) {
      if (typeof instruction === 'string') data['system_instruction_length'] = instruction.length;
      else data['has_system_instruction'] = true;
    }
    if (config.temperature !== undefined) data['temperature'] = config.temperature;
    if (config.topP !== undefined) data['top_p'] = config.topP;
    if (config.topK !== undefined) data['top_k'] = config.topK;
    if (config.maxOutputTokens !== undefined) data['max_output_tokens'] = config.maxOutputTokens;
    if (config.responseMimeType) data['response_mime_type'] = config.responseMimeType;
    if (config.responseSchema) data['has_response_schema'] = true;
    return data;
  }

  private addEntry(
    invocationId: string,
    entryType: string,
    agentName: string | undefined,
    data: Record<string, unknown>,
  ): void {
    const state = this.invocationStates.get(invocationId);
    if (!state) {
      logger.warn(`No debug state for invocation ${invocationId}, skipping entry`);
      return;
    }
    state.entries.push({
      timestamp: pythonLocalTimestamp(),
      entry_type: entryType,
      invocation_id: invocationId,
      ...(agentName === undefined ? {} : { agent_name: agentName }),
      // A credential (a client's answer, `temp:` auth state) may not reach a file people share.
      data: redactCredentials(safeSerialize(data)) ?? {},
    });
  }
}
