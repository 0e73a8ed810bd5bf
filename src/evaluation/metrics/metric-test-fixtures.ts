import type { FunctionCall } from '@google/genai';
import type { Invocation } from '../eval-case.js';

/** An invocation with the given final response text and tool calls (for metric tests). */
export function invocation({
  response = '',
  toolCalls = [],
  id = 'e-1',
}: {
  response?: string;
  toolCalls?: readonly FunctionCall[];
  id?: string;
} = {}): Invocation {
  return {
    invocationId: id,
    userContent: { role: 'user', parts: [{ text: 'question' }] },
    finalResponse: { role: 'model', parts: [{ text: response }] },
    intermediateData: { toolUses: [...toolCalls], toolResponses: [], intermediateResponses: [] },
    creationTimestamp: 0,
  } as Invocation;
}

/** A tool call with a name and arguments. */
export function call(name: string, args?: Record<string, unknown>): FunctionCall {
  return args === undefined ? { name } : { name, args };
}
