/**
 * The "prime checker" of adk-python's A2A samples, with a scripted model so
 * that it runs without a key: asked about numbers, it calls `check_prime`
 * with the numbers of the question and reports the result.
 */
import { ExampleTool, FunctionTool, LlmAgent } from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

function isPrime(n: number): boolean {
  if (n < 2 || !Number.isInteger(n)) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/** The remote agent: checks whether numbers are prime, with a tool. */
export function primeAgent(): LlmAgent {
  const checkPrime = new FunctionTool({
    name: 'check_prime',
    description: 'Checks which of the given numbers are prime.',
    parameters: z.object({ nums: z.array(z.number()) }),
    execute: ({ nums }) => ({
      primes: nums.filter(isPrime),
      not_primes: nums.filter((n) => !isPrime(n)),
    }),
  });
  return new LlmAgent({
    name: 'check_prime_agent',
    description: 'Checks whether numbers are prime.',
    instruction: 'You check whether numbers are prime with the check_prime tool.',
    model: new ScriptedLlm({
      responses: (request) => {
        const last = request.contents.at(-1)?.parts ?? [];
        const result = last.find((part) => part.functionResponse)?.functionResponse?.response;
        if (result) {
          const primes = result['primes'] as number[];
          return textResponse(
            primes.length
              ? `${primes.join(', ')} ${primes.length > 1 ? 'are' : 'is'} prime.`
              : 'No prime numbers found.',
          );
        }
        const text = last.map((part) => part.text ?? '').join(' ');
        const nums = (text.match(/\d+/g) ?? []).map(Number);
        return functionCallResponse('check_prime', { nums });
      },
    }),
    // Few-shot examples for the model; their questions are also the card's skill examples.
    tools: [
      checkPrime,
      new ExampleTool([
        {
          input: { role: 'user', parts: [{ text: 'Is 7 prime?' }] },
          output: [{ role: 'model', parts: [{ text: '7 is prime.' }] }],
        },
        {
          input: { role: 'user', parts: [{ text: 'Are 4 and 9 prime?' }] },
          output: [{ role: 'model', parts: [{ text: 'No prime numbers found.' }] }],
        },
      ]),
    ],
  });
}
