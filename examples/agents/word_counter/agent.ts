/**
 * An app written in TypeScript: `agent.ts` exports `rootAgent`. The model is
 * an offline stand-in that calls the tool once and answers from its result.
 *
 * Run (in this repository): npm run adk -- run examples/agents/word_counter "How many words is this?"
 */
import { BaseLlm, FunctionTool, LlmAgent, type LlmRequest, type LlmResponse } from '@adk-ts/adk';
import { z } from 'zod';

const countWords = new FunctionTool({
  name: 'count_words',
  description: 'Counts the words of a text.',
  parameters: z.object({ text: z.string() }),
  execute: ({ text }) => ({ words: text.split(/\s+/).filter(Boolean).length }),
});

class WordCountingModel extends BaseLlm {
  constructor() {
    super({ model: 'offline-word-counter' });
  }

  override async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    const last = request.contents.at(-1);
    const result = last?.parts?.find((part) => part.functionResponse)?.functionResponse?.response;
    if (result) {
      yield {
        content: {
          role: 'model',
          parts: [{ text: `Your message has ${String(result['words'])} words.` }],
        },
      };
      return;
    }
    const text = (last?.parts ?? []).map((part) => part.text ?? '').join(' ');
    yield {
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'count_words', args: { text } } }],
      },
    };
  }
}

export const rootAgent = new LlmAgent({
  name: 'word_counter',
  description: 'Counts the words of your messages.',
  model: new WordCountingModel(),
  instruction: 'Count the words of the user message with count_words and report the number.',
  tools: [countWords],
});
