import { appendInstructions, type LlmRequest } from '../../models/llm-request.js';
import { ReadonlyContext } from '../../context/readonly-context.js';
import type { Content, Part } from '../../types/index.js';
import { injectSessionState } from '../../context/inject-session-state.js';
import {
  isLlmAgent,
  type LlmAgentContract,
  type StaticInstruction,
} from '../llm-agent-contract.js';
import type { LlmRequestProcessor } from '../llm-processor.js';

/**
 * The system instruction (spec 000 §3.4): the root agent's global
 * instruction (deprecated), then the static instruction (literal, never
 * templated; non-text parts referenced and moved into user contents), then
 * the agent's instruction with state injected — into the system instruction,
 * or, when a static instruction exists, as a user content so the system
 * part stays cacheable.
 */
export const instructionsRequestProcessor: LlmRequestProcessor = {
  async *runAsync(context, request, agent) {
    const readonly = new ReadonlyContext(context);
    const root = agent.rootAgent;
    let globalText = '';
    if (isLlmAgent(root)) {
      const global = await root.canonicalGlobalInstruction(readonly);
      if (global.instruction) {
        globalText = global.bypassStateInjection
          ? global.instruction
          : await inject(global.instruction, readonly);
      }
    }
    const { instruction, bypassStateInjection } = await agent.canonicalInstruction(readonly);
    const text =
      !instruction || bypassStateInjection ? instruction : await inject(instruction, readonly);
    placeInstructions(request, agent, globalText, text);
  },
};

/**
 * Places the resolved texts: the global instruction, the static
 * instruction, then the instruction (into the system instruction, or as a
 * user content when a static instruction holds the system part).
 */
function placeInstructions(
  request: LlmRequest,
  agent: LlmAgentContract,
  global: string,
  instruction: string,
): void {
  if (global) appendInstructions(request, [global]);
  if (agent.staticInstruction) appendStaticInstruction(request, toContent(agent.staticInstruction));
  if (!instruction) return;
  if (agent.staticInstruction) {
    request.contents.push({ role: 'user', parts: [{ text: instruction }] });
  } else {
    appendInstructions(request, [instruction]);
  }
}

/**
 * Appends a Content instruction (Python `append_instructions(Content)`): text
 * parts join the system instruction; each inline-data or file-data part is
 * referenced there (`[Reference to inline binary data: inline_data_0 (…)]`)
 * and carried in a user content of its own.
 */
export function appendStaticInstruction(request: LlmRequest, content: Content): Content[] {
  const texts: string[] = [];
  const userContents: Content[] = [];
  let count = 0;
  for (const part of content.parts ?? []) {
    if (part.text) {
      texts.push(part.text);
    } else if (part.inlineData) {
      const id = `inline_data_${count++}`;
      const details = [
        ...(part.inlineData.displayName ? [`'${part.inlineData.displayName}'`] : []),
        ...(part.inlineData.mimeType ? [`type: ${part.inlineData.mimeType}`] : []),
      ];
      texts.push(
        `[Reference to inline binary data: ${id}${details.length ? ` (${details.join(', ')})` : ''}]`,
      );
      userContents.push({
        role: 'user',
        parts: [{ text: `Referenced inline data: ${id}` }, { inlineData: part.inlineData }],
      });
    } else if (part.fileData) {
      const id = `file_data_${count++}`;
      const details = [
        ...(part.fileData.displayName ? [`'${part.fileData.displayName}'`] : []),
        ...(part.fileData.fileUri ? [`URI: ${part.fileData.fileUri}`] : []),
        ...(part.fileData.mimeType ? [`type: ${part.fileData.mimeType}`] : []),
      ];
      texts.push(
        `[Reference to file data: ${id}${details.length ? ` (${details.join(', ')})` : ''}]`,
      );
      userContents.push({
        role: 'user',
        parts: [{ text: `Referenced file data: ${id}` }, { fileData: part.fileData }],
      });
    }
  }
  if (texts.length > 0) appendInstructions(request, [texts.join('\n\n')]);
  request.contents.push(...userContents);
  return userContents;
}

/** A static instruction as a Content (genai's `t_content`: strings and parts become one user content). */
function toContent(instruction: StaticInstruction): Content {
  if (typeof instruction === 'string') return { role: 'user', parts: [{ text: instruction }] };
  if (Array.isArray(instruction)) {
    return {
      role: 'user',
      parts: (instruction as readonly (string | Part)[]).map((item) =>
        typeof item === 'string' ? { text: item } : item,
      ),
    };
  }
  if ('parts' in (instruction as object) || 'role' in (instruction as object))
    return instruction as Content;
  return { role: 'user', parts: [instruction as Part] };
}

// A template without a brace has nothing to inject.
async function inject(template: string, context: ReadonlyContext): Promise<string> {
  return template.includes('{') ? injectSessionState(template, context) : template;
}
