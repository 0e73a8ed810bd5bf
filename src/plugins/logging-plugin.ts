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
import {
  getFunctionCalls,
  getFunctionResponses,
  isFinalResponse,
} from '../events/event-predicates.js';
import type { Content, GenerateContentConfig } from '../types/index.js';
import { logger } from '../utils/logger.js';
import { BasePlugin } from './base-plugin.js';
import { pythonRepr, pythonStr } from '../utils/python-repr.js';
import { truncateCodePoints } from '../utils/truncate-code-points.js';

/** Options of a new LoggingPlugin. */
export interface LoggingPluginOptions {
  /** The plugin's name (default `logging_plugin`). */
  name?: string;
  /** Where each line goes (default: the package logger at info level). */
  log?: (line: string) => void;
}

/**
 * Logs what happens at every hook (Python `LoggingPlugin`), for debugging in
 * a terminal. Each hook writes a heading line and one indented line per
 * detail, every line prefixed with `[<name>] `, with the same wording and
 * values as Python's (Python-style `None`/`True`/`['a']` renderings, text
 * cut at 200 characters, tool arguments and results at 300):
 *
 * - user message: invocation, session, user and app ids, root agent, user
 *   content, branch (when set);
 * - run start / end: invocation id, starting / final agent;
 * - event: id, author, content, final-response flag, function calls and
 *   responses by name, long-running tool ids;
 * - agent start / end: agent name, invocation id, branch (start, when set);
 * - model request: model, agent, system-instruction preview, tool names;
 * - model response: agent, error code and message or content, partial and
 *   turn-complete flags, token usage;
 * - tool start / end / error: tool name, agent, function-call id, arguments,
 *   result or error; model error: agent, error.
 *
 * It only observes: every hook returns `undefined`. Unlike Python, which
 * prints grey ANSI-coloured lines, lines go uncoloured to the `log` sink.
 */
export class LoggingPlugin extends BasePlugin {
  private readonly log: (line: string) => void;

  constructor({ name = 'logging_plugin', log }: LoggingPluginOptions = {}) {
    super(name);
    this.log = log ?? ((line) => logger.info(line));
  }

  /** Logs the user message and the invocation it starts. */
  override onUserMessageCallback({
    invocationContext,
    userMessage,
  }: UserMessageHookArguments): undefined {
    this.write('🚀 USER MESSAGE RECEIVED');
    this.write(`   Invocation ID: ${invocationContext.invocationId}`);
    this.write(`   Session ID: ${invocationContext.session.id}`);
    this.write(`   User ID: ${invocationContext.userId}`);
    this.write(`   App Name: ${invocationContext.appName}`);
    this.write(`   Root Agent: ${agentName(invocationContext.agent)}`);
    this.write(`   User Content: ${formatContent(userMessage)}`);
    if (invocationContext.branch) this.write(`   Branch: ${invocationContext.branch}`);
    return undefined;
  }

  /** Logs the start of the invocation. */
  override beforeRunCallback({ invocationContext }: RunHookArguments): undefined {
    this.write('🏃 INVOCATION STARTING');
    this.write(`   Invocation ID: ${invocationContext.invocationId}`);
    this.write(`   Starting Agent: ${agentName(invocationContext.agent)}`);
    return undefined;
  }

  /** Logs each event the Runner yields. */
  override onEventCallback({ event }: EventHookArguments): undefined {
    this.write('📢 EVENT YIELDED');
    this.write(`   Event ID: ${event.id}`);
    this.write(`   Author: ${event.author}`);
    this.write(`   Content: ${formatContent(event.content)}`);
    this.write(`   Final Response: ${pythonRepr(isFinalResponse(event))}`);
    const calls = getFunctionCalls(event);
    if (calls.length > 0) {
      this.write(`   Function Calls: ${pythonRepr(calls.map((call) => call.name))}`);
    }
    const responses = getFunctionResponses(event);
    if (responses.length > 0) {
      this.write(
        `   Function Responses: ${pythonRepr(responses.map((response) => response.name))}`,
      );
    }
    if (event.longRunningToolIds && event.longRunningToolIds.length > 0) {
      this.write(`   Long Running Tools: ${pythonRepr(event.longRunningToolIds)}`);
    }
    return undefined;
  }

  /** Logs the end of the invocation. */
  override afterRunCallback({ invocationContext }: RunHookArguments): undefined {
    this.write('✅ INVOCATION COMPLETED');
    this.write(`   Invocation ID: ${invocationContext.invocationId}`);
    this.write(`   Final Agent: ${agentName(invocationContext.agent)}`);
    return undefined;
  }

  /** Logs the start of an agent's run. */
  override beforeAgentCallback({ context }: AgentHookArguments): undefined {
    this.write('🤖 AGENT STARTING');
    this.write(`   Agent Name: ${context.agentName}`);
    this.write(`   Invocation ID: ${context.invocationId}`);
    if (context.branch) this.write(`   Branch: ${context.branch}`);
    return undefined;
  }

  /** Logs the end of an agent's run. */
  override afterAgentCallback({ context }: AgentHookArguments): undefined {
    this.write('🤖 AGENT COMPLETED');
    this.write(`   Agent Name: ${context.agentName}`);
    this.write(`   Invocation ID: ${context.invocationId}`);
    return undefined;
  }

  /** Logs a model request: model, agent, system-instruction preview and tool names. */
  override beforeModelCallback({ context, request }: BeforeModelHookArguments): undefined {
    this.write('🧠 LLM REQUEST');
    this.write(`   Model: ${request.model || 'default'}`);
    this.write(`   Agent: ${context.agentName}`);
    const instruction = systemInstructionText(request.config?.systemInstruction);
    if (instruction) {
      const preview = truncateCodePoints(instruction, 200);
      this.write(`   System Instruction: '${preview.text}${preview.truncated ? '...' : ''}'`);
    }
    const toolNames = Object.keys(request.toolsDict ?? {});
    if (toolNames.length > 0) this.write(`   Available Tools: ${pythonRepr(toolNames)}`);
    return undefined;
  }

  /** Logs a model response: its error, or its content and flags, and token usage. */
  override afterModelCallback({ context, response }: AfterModelHookArguments): undefined {
    this.write('🧠 LLM RESPONSE');
    this.write(`   Agent: ${context.agentName}`);
    if (response.errorCode) {
      this.write(`   ❌ ERROR - Code: ${response.errorCode}`);
      this.write(`   Error Message: ${pythonStr(response.errorMessage)}`);
    } else {
      this.write(`   Content: ${formatContent(response.content)}`);
      if (response.partial) this.write(`   Partial: ${pythonRepr(response.partial)}`);
      if (response.turnComplete !== undefined && response.turnComplete !== null) {
        this.write(`   Turn Complete: ${pythonRepr(response.turnComplete)}`);
      }
    }
    if (response.usageMetadata) {
      this.write(
        `   Token Usage - Input: ${pythonRepr(response.usageMetadata.promptTokenCount)}, ` +
          `Output: ${pythonRepr(response.usageMetadata.candidatesTokenCount)}`,
      );
    }
    return undefined;
  }

  /** Logs a failed model call. */
  override onModelErrorCallback({ context, error }: ModelErrorHookArguments): undefined {
    this.write('🧠 LLM ERROR');
    this.write(`   Agent: ${context.agentName}`);
    this.write(`   Error: ${formatError(error)}`);
    return undefined;
  }

  /** Logs the start of a tool call with its arguments. */
  override beforeToolCallback({ tool, args, context }: BeforeToolHookArguments): undefined {
    this.write('🔧 TOOL STARTING');
    this.write(`   Tool Name: ${tool.name}`);
    this.write(`   Agent: ${context.agentName}`);
    this.write(`   Function Call ID: ${pythonStr(context.functionCallId)}`);
    this.write(`   Arguments: ${formatArgs(args)}`);
    return undefined;
  }

  /** Logs the end of a tool call with its result. */
  override afterToolCallback({ tool, context, response }: AfterToolHookArguments): undefined {
    this.write('🔧 TOOL COMPLETED');
    this.write(`   Tool Name: ${tool.name}`);
    this.write(`   Agent: ${context.agentName}`);
    this.write(`   Function Call ID: ${pythonStr(context.functionCallId)}`);
    this.write(`   Result: ${formatArgs(response)}`);
    return undefined;
  }

  /** Logs a failed tool call with its arguments and error. */
  override onToolErrorCallback({ tool, args, context, error }: ToolErrorHookArguments): undefined {
    this.write('🔧 TOOL ERROR');
    this.write(`   Tool Name: ${tool.name}`);
    this.write(`   Agent: ${context.agentName}`);
    this.write(`   Function Call ID: ${pythonStr(context.functionCallId)}`);
    this.write(`   Arguments: ${formatArgs(args)}`);
    this.write(`   Error: ${formatError(error)}`);
    return undefined;
  }

  private write(message: string): void {
    this.log(`[${this.name}] ${message}`);
  }
}

function agentName(agent: { name?: unknown } | undefined): string {
  return typeof agent?.name === 'string' ? agent.name : 'Unknown';
}

/** Python `_format_content`: one summary per part, joined with ` | `; `None` when there are no parts. */
function formatContent(content: Content | undefined): string {
  const parts = content?.parts;
  if (!parts || parts.length === 0) return 'None';
  return parts
    .map((part) => {
      if (part.text) {
        const cut = truncateCodePoints(part.text.trim(), 200);
        return `text: '${cut.text}${cut.truncated ? '...' : ''}'`;
      }
      if (part.functionCall) return `function_call: ${pythonStr(part.functionCall.name)}`;
      if (part.functionResponse) {
        return `function_response: ${pythonStr(part.functionResponse.name)}`;
      }
      if (part.codeExecutionResult) return 'code_execution_result';
      return 'other_part';
    })
    .join(' | ');
}

/** Python `_format_args`: the dict's repr, cut at 300 characters with `...}`; `{}` when empty. */
function formatArgs(args: Record<string, unknown> | undefined): string {
  if (!args || Object.keys(args).length === 0) return '{}';
  const cut = truncateCodePoints(pythonRepr(args), 300);
  return cut.truncated ? `${cut.text}...}` : cut.text;
}

// Python's `str(error)` is the message for an exception.
function formatError(error: unknown): string {
  return error instanceof Error ? error.message : pythonStr(error);
}

// Python slices the instruction as a string; a Content or Part instruction is
// read for its text so that the preview still shows what the model is told.
function systemInstructionText(instruction: GenerateContentConfig['systemInstruction']): string {
  if (instruction === undefined || instruction === null) return '';
  if (typeof instruction === 'string') return instruction;
  const items = Array.isArray(instruction) ? instruction : [instruction];
  const texts: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') texts.push(item);
    else if ('parts' in item && Array.isArray(item.parts)) {
      for (const part of item.parts) if (part.text) texts.push(part.text);
    } else if ('text' in item && typeof item.text === 'string') texts.push(item.text);
  }
  return texts.join('\n\n');
}
