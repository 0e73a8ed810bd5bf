/**
 * The evaluation example: an agent that rolls dice and checks prime numbers,
 * with an offline stand-in model, so that its eval set runs without network
 * and scores the same every time. Beside it: `hello_eval_set.evalset.json`
 * (an eval set in adk-python's format), `roll_die.test.json` (the older test
 * file format) and `test_config.json` (the criteria).
 *
 * Run (in this repository):
 *   npm run adk -- eval examples/agents/hello_eval \
 *     examples/agents/hello_eval/hello_eval_set.evalset.json \
 *     --config_file_path examples/agents/hello_eval/test_config.json
 */
import {
  BaseLlm,
  FunctionTool,
  LlmAgent,
  type Content,
  type LlmRequest,
  type LlmResponse,
} from '@adk-ts/adk';
import { z } from 'zod';

/**
 * Rolls a die. For repeatable evals this die is loaded: it always shows its
 * highest face, so `roll_die({sides: 17})` is 17.
 */
export const rollDie = new FunctionTool({
  name: 'roll_die',
  description: 'Rolls a die with the given number of sides and returns the face it shows.',
  parameters: z.object({ sides: z.number().int().min(1).describe('The number of sides') }),
  execute: ({ sides }) => sides,
});

function isPrime(n: number): boolean {
  if (!Number.isInteger(n) || n < 2) return false;
  for (let divisor = 2; divisor * divisor <= n; divisor++) if (n % divisor === 0) return false;
  return true;
}

/** Says which of the numbers are prime. */
export const checkPrime = new FunctionTool({
  name: 'check_prime',
  description: 'Checks which of the given numbers are prime.',
  parameters: z.object({ nums: z.array(z.number().int()).describe('The numbers to check') }),
  execute: ({ nums }) => {
    const primes = [...new Set(nums.filter(isPrime))];
    if (primes.length === 0) return 'No prime numbers found.';
    if (primes.length === 1) return `${String(primes[0])} is a prime number.`;
    return `${primes.join(', ')} are prime numbers.`;
  },
});

const CAPABILITIES = 'I can roll dice with any number of sides and check whether numbers are prime.';

/**
 * A stand-in for Gemini that needs no network. Asked to roll an N-sided
 * die it calls roll_die (and then check_prime on the result when the
 * question mentions primes); asked whether numbers are prime it calls
 * check_prime; it answers from the last tool result.
 */
class OfflineDiceModel extends BaseLlm {
  constructor() {
    super({ model: 'offline-dice' });
  }

  override async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    const question = lastUserText(request.contents);
    const last = request.contents.at(-1);
    const response = last?.parts?.find((part) => part.functionResponse)?.functionResponse;
    if (response) {
      const result = response.response?.['result'];
      if (response.name === 'roll_die' && /prime/i.test(question)) {
        yield call('check_prime', { nums: [Number(result)] });
        return;
      }
      if (response.name === 'roll_die') {
        const sides = /(\d+)[- ]sided/i.exec(question)?.[1] ?? '?';
        yield text(`I rolled a ${sides}-sided die and got ${String(result)}.`);
        return;
      }
      yield text(String(result));
      return;
    }
    const sides = /(\d+)[- ]sided/i.exec(question)?.[1];
    if (sides !== undefined && /roll/i.test(question)) {
      yield call('roll_die', { sides: Number(sides) });
      return;
    }
    const numbers = question.match(/\d+/g);
    if (numbers && /prime/i.test(question)) {
      yield call('check_prime', { nums: numbers.map(Number) });
      return;
    }
    yield text(CAPABILITIES);
  }
}

function lastUserText(contents: readonly Content[]): string {
  for (let index = contents.length - 1; index >= 0; index--) {
    const content = contents[index];
    const texts = (content?.parts ?? []).flatMap((part) => (part.text ? [part.text] : []));
    if (content?.role === 'user' && texts.length > 0) return texts.join(' ');
  }
  return '';
}

function call(name: string, args: Record<string, unknown>): LlmResponse {
  return { content: { role: 'model', parts: [{ functionCall: { name, args } }] } };
}

function text(answer: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text: answer }] } };
}

/** The app's root agent. */
export const rootAgent = new LlmAgent({
  name: 'hello_eval',
  description: 'Rolls dice and checks prime numbers.',
  model: new OfflineDiceModel(),
  instruction:
    'Roll dice with roll_die when asked, and check prime numbers with check_prime. ' +
    'Answer from the tool results.',
  tools: [rollDie, checkPrime],
});
