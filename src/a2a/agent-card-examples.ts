import type { BaseTool } from '../tools/base-tool.js';
import { ExampleTool, type Example } from '../tools/example-tool.js';

/**
 * The examples an LLM agent's card skill lists (Python
 * `_extract_examples_from_agent` and `_extract_inputs_from_examples`): the
 * inputs of the first `ExampleTool` among `tools` that holds a fixed list
 * (a tool with an example provider is passed over: its examples depend on
 * the query), each input's text parts joined by `\n` (an input without text
 * parts is left out; a bare `{text}` input gives its text). Empty without such a tool: examples are never mined
 * out of the instruction, which is not published.
 */
export function exampleInputs(tools: readonly BaseTool[]): string[] {
  for (const tool of tools) {
    if (!(tool instanceof ExampleTool) || !Array.isArray(tool.examples)) continue;
    return (tool.examples as readonly Example[]).flatMap(inputText);
  }
  return [];
}

function inputText(example: Example): string[] {
  const parts = example.input.parts;
  if (!Array.isArray(parts)) {
    // Python also reads a bare `{text}` input, which only a plain object can be.
    const text = (example.input as { text?: unknown }).text;
    return typeof text === 'string' ? [text] : [];
  }
  const texts = parts.flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
  return texts.length ? [texts.join('\n')] : [];
}
