import { randomUUID } from 'node:crypto';
import type { Message } from '@a2a-js/sdk';
import { z } from 'zod';
import { FunctionTool } from '../tools/function-tool.js';

/** The served side's tool in the A2A tests: says whether `n` is prime. */
export function checkPrimeTool(): FunctionTool<z.ZodObject<{ n: z.ZodNumber }>> {
  return new FunctionTool({
    name: 'check_prime',
    description: 'Says whether a number is prime.',
    parameters: z.object({ n: z.number() }),
    execute: ({ n }) => ({
      prime: n > 1 && [...Array(n).keys()].slice(2).every((d) => n % d !== 0),
    }),
  });
}

/** A user message (SDK 1.0 types) holding `text`, in `contextId` (new context when empty). */
export function a2aUserMessage(text: string, contextId = ''): Message {
  return {
    messageId: randomUUID(),
    contextId,
    taskId: '',
    role: 1,
    parts: [
      { content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
