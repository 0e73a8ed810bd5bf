import type { BeforeModelHookArguments, MaybePromise } from '../context/hook-arguments.js';
import { injectSessionState } from '../context/inject-session-state.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { LlmResponse } from '../events/llm-response.js';
import type { Content, Part } from '../types/index.js';
import { BasePlugin } from './base-plugin.js';

/** An instruction computed per model call (the shape of an agent's instruction provider). */
export type GlobalInstructionProvider = (context: ReadonlyContext) => MaybePromise<string>;

/** Options of `GlobalInstructionPlugin` (Python `GlobalInstructionPlugin.__init__`). */
export interface GlobalInstructionPluginOptions {
  /**
   * The instruction every agent of the app gets. A string has its `{key}`
   * placeholders filled from session state, as an agent's instruction does;
   * a provider's result is used as it is. Default `''` (the plugin does nothing).
   */
  globalInstruction?: string | GlobalInstructionProvider;
  /** The plugin's name; default `global_instruction`. */
  name?: string;
}

/**
 * App-wide instructions (Python `GlobalInstructionPlugin`, the successor of
 * `LlmAgent.globalInstruction`): before every model call, of every agent, the
 * resolved instruction becomes the leading system instruction. A string
 * system instruction becomes `global + '\n\n' + existing`; a list gets the
 * global instruction first; a Content system instruction gets it as its
 * first text part. An empty resolved instruction changes nothing. Never
 * short-circuits the call.
 */
export class GlobalInstructionPlugin extends BasePlugin {
  /** The configured instruction or provider. */
  readonly globalInstruction: string | GlobalInstructionProvider;

  constructor(options: GlobalInstructionPluginOptions = {}) {
    super(options.name ?? 'global_instruction');
    this.globalInstruction = options.globalInstruction ?? '';
  }

  override async beforeModelCallback({
    context,
    request,
  }: BeforeModelHookArguments): Promise<LlmResponse | undefined> {
    if (!this.globalInstruction) return undefined;
    const instruction = await this.resolveGlobalInstruction(context);
    if (!instruction) return undefined;
    const existing = request.config.systemInstruction;
    if (existing === undefined || existing === null || existing === '') {
      request.config.systemInstruction = instruction;
    } else if (typeof existing === 'string') {
      request.config.systemInstruction = `${instruction}\n\n${existing}`;
    } else if (Array.isArray(existing)) {
      request.config.systemInstruction = [instruction, ...(existing as Part[])];
    } else if (typeof existing === 'object' && 'parts' in existing) {
      // A new Content rather than an edit: the old one may be shared with the agent's config.
      const content = existing as Content;
      request.config.systemInstruction = {
        ...content,
        parts: [{ text: instruction }, ...(content.parts ?? [])],
      };
    } else {
      request.config.systemInstruction = [instruction, existing as Part];
    }
    return undefined;
  }

  /** The instruction for this call: a string with state filled in, or the provider's result. */
  protected async resolveGlobalInstruction(context: ReadonlyContext): Promise<string> {
    if (typeof this.globalInstruction === 'string') {
      return injectSessionState(this.globalInstruction, context);
    }
    return this.globalInstruction(context);
  }
}
