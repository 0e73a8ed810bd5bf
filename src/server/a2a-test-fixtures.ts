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
