import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { LongRunningFunctionTool } from '../tools/long-running-function-tool.js';

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

/** The served side in the A2A tests: checks primes with `check_prime`, then answers `prime: <bool>`. */
export function primeAgent(): LlmAgent {
  const checkPrime = checkPrimeTool();
  return new LlmAgent({
    name: 'prime_agent',
    description: 'Checks prime numbers.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const response = last.find((part) => part.functionResponse)?.functionResponse;
        if (response?.name === 'check_prime') {
          return textResponse(`prime: ${String(response.response?.['prime'])}`);
        }
        return functionCallResponse('check_prime', { n: 7 });
      },
    }),
    tools: [checkPrime],
  });
}

/**
 * The served side of a pause: calls the long-running `ask_manager`, then
 * answers `manager said: <decision>` from the reply.
 */
export function approvalAgent(): LlmAgent {
  const askManager = new LongRunningFunctionTool({
    name: 'ask_manager',
    description: 'Asks the manager to approve an amount.',
    parameters: z.object({ amount: z.number() }),
    execute: () => undefined,
  });
  return new LlmAgent({
    name: 'approval_agent',
    description: 'Gets refunds approved.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const response = last.find((part) => part.functionResponse)?.functionResponse;
        if (response?.name === 'ask_manager') {
          return textResponse(`manager said: ${String(response.response?.['decision'])}`);
        }
        return functionCallResponse('ask_manager', { amount: 40 });
      },
    }),
    tools: [askManager],
  });
}
