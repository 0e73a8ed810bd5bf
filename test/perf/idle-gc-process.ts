// Run by src/utils/keep-hidden-class.test.ts under `--single-threaded
// --expose-gc --trace-deopt`: enough invocations of a tool-calling LLM agent
// for V8 to optimise the Runner's and the flow's generators, then full
// collections while no invocation runs (argv[2] of them), then more
// invocations. The test reads the deoptimisation trace this prints.
import { z } from 'zod';
import { FunctionTool } from '../../src/tools/function-tool.js';
import { LlmAgent } from '../../src/agents/llm-agent.js';
import { BaseLlm } from '../../src/models/base-llm.js';
import type { LlmRequest } from '../../src/models/llm-request.js';
import type { LlmResponse } from '../../src/events/llm-response.js';
import { InMemoryRunner } from '../../src/runner/in-memory-runner.js';

/** Calls `add` three times, then answers. */
class ScriptedLlm extends BaseLlm {
  override async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse> {
    const contents = request.contents;
    let results = 0;
    for (let index = contents.length - 1; index >= 0; index--) {
      const parts = contents[index]!.parts ?? [];
      if (parts.some((part) => part.functionResponse)) results++;
      else if (contents[index]!.role === 'user') break;
    }
    yield results < 3
      ? {
          content: {
            role: 'model',
            parts: [{ functionCall: { name: 'add', args: { a: results, b: 1 } } }],
          },
        }
      : { content: { role: 'model', parts: [{ text: 'done' }] } };
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const agent = new LlmAgent({
  name: 'calculator',
  model: new ScriptedLlm({ model: 'scripted' }),
  instruction: 'Add numbers.',
  tools: [
    new FunctionTool({
      name: 'add',
      description: 'Adds two numbers.',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => a + b,
    }),
  ],
});
const runner = new InMemoryRunner({ agent, appName: 'idle_gc' });

async function invoke(): Promise<void> {
  const session = await runner.sessionService.createSession({ appName: 'idle_gc', userId: 'u' });
  for await (const _event of runner.runAsync({
    userId: 'u',
    sessionId: session.id,
    newMessage: { role: 'user', parts: [{ text: 'go' }] },
  })) {
    // Consumed only.
  }
}

for (let index = 0; index < 400; index++) await invoke();
console.log('IDLE');
const collections = Number(process.argv[2] ?? '2');
for (let index = 0; index < collections; index++) gc();
for (let index = 0; index < 50; index++) await invoke();
console.log('DONE');
