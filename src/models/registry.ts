import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ModelNotFoundError } from '../errors/model-not-found-error.js';
import { logger } from '../utils/logger.js';
import type { BaseLlm, BaseLlmOptions } from './base-llm.js';
import { describeModelNamePatterns, suggestModelName } from './model-name-suggestion.js';
import { AnthropicLlm } from './anthropic/anthropic-llm.js';
import { Gemini } from './gemini/gemini.js';
import { OpenAILlm } from './openai/openai-llm.js';

/**
 * A concrete `BaseLlm` subclass the registry can build (Python `type[BaseLlm]`):
 * constructible from `{ model }`, with the patterns of the model names it serves.
 */
export type BaseLlmClass = (new (options: BaseLlmOptions) => BaseLlm) & {
  readonly name: string;
  readonly supportedModels: readonly (string | RegExp)[];
};

interface Entry {
  readonly pattern: string | RegExp;
  readonly matcher: RegExp;
  llmClass: BaseLlmClass;
}

// Keyed by the pattern's spelling, like Python's dict keyed by the regex
// string; a Map keeps first-insertion order, which decides precedence.
const entries = new Map<string, Entry>();

// The built-in model classes, registered before anything else as Python's
// `google.adk.models` does on import: Gemini, then Claude, then the
// OpenAI-compatible family. Their provider SDKs load at the first call.
// Registering on first use (not at import) keeps the package free of import
// side effects.
let defaultsRegistered = false;

function ensureDefaults(): void {
  if (defaultsRegistered) return;
  defaultsRegistered = true;
  for (const llmClass of [Gemini, AnthropicLlm, OpenAILlm] as BaseLlmClass[]) {
    LLMRegistry.register(llmClass);
  }
}

function keyOf(pattern: string | RegExp): string {
  return typeof pattern === 'string' ? `s:${pattern}` : `r:${pattern.toString()}`;
}

// Python's `re.fullmatch`: the whole name must match. The group keeps an
// alternation such as `a|b` anchored on both sides; `g` and `y` are dropped
// because they make `test` stateful.
function fullMatcher(pattern: string | RegExp): RegExp {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? '' : pattern.flags.replace(/[gy]/g, '');
  try {
    return new RegExp(`^(?:${source})$`, flags);
  } catch (cause) {
    throw new InvalidArgumentError({
      message: `Invalid model name pattern ${String(pattern)}: ${String(cause)}`,
      argument: 'supportedModels',
      cause,
    });
  }
}

/**
 * Maps model names to model classes (Python `LLMRegistry`), a module-level
 * singleton. The built-in adapters come first: `Gemini` (`gemini-.*`, Vertex
 * resource names), `AnthropicLlm` (`claude-.*`, `anthropic/…`) and
 * `OpenAILlm` (`gpt-.*`, `o1`/`o3`/`o4`, `openai/…`, `ollama/…`, `vllm/…`,
 * `lm_studio/…`); user classes are added with `register`. Agents given a
 * model name build their model once with `LLMRegistry.newLlm`.
 */
export class LLMRegistry {
  private constructor() {}

  /**
   * Registers `llmClass` for each of its `supportedModels` patterns. A
   * pattern registered before is rebound to the new class in place, keeping
   * its precedence (Python logs "Updating LLM class for ..." and does the same).
   * A pattern that is not a valid regular expression throws `InvalidArgumentError`.
   */
  static register(llmClass: BaseLlmClass): void {
    ensureDefaults();
    for (const pattern of llmClass.supportedModels) {
      const key = keyOf(pattern);
      const existing = entries.get(key);
      if (existing) {
        logger.info(
          `Updating LLM class for ${String(pattern)} from ${existing.llmClass.name} to ${llmClass.name}`,
        );
        existing.llmClass = llmClass;
      } else {
        entries.set(key, { pattern, matcher: fullMatcher(pattern), llmClass });
      }
    }
  }

  /**
   * The class for `model`: that of the first registered pattern (in order of
   * first registration) matching the whole name, as Python's `resolve`.
   * When none does, throws `ModelNotFoundError`: Python's "Model {model} not
   * found.", then the nearest registered name when one is a typo or two away
   * ("Did you mean gemini-2.5-flash?"), then the supported names.
   */
  static resolve(model: string): BaseLlmClass {
    ensureDefaults();
    for (const entry of entries.values()) {
      if (entry.matcher.test(model)) return entry.llmClass;
    }
    throw modelNotFound(model);
  }

  /** A new instance of the class resolved for `model`, built with `{ model }`. */
  static newLlm(model: string): BaseLlm {
    const LlmClass = LLMRegistry.resolve(model);
    return new LlmClass({ model });
  }

  /** The registered patterns with their classes, in precedence order. */
  static entries(): [pattern: string | RegExp, llmClass: BaseLlmClass][] {
    ensureDefaults();
    return [...entries.values()].map((entry) => [entry.pattern, entry.llmClass]);
  }

  /**
   * Removes every registration, the built-in classes' too. For tests, which
   * must then register what they use.
   */
  static reset(): void {
    defaultsRegistered = true;
    entries.clear();
  }
}

function modelNotFound(model: string): ModelNotFoundError {
  const patterns = [...entries.values()].map((entry) => entry.pattern);
  const suggestion = suggestModelName(model, patterns);
  const supported =
    patterns.length === 0
      ? 'No model names are registered.'
      : `Supported model names: ${describeModelNamePatterns(patterns).join(', ')}.`;
  return new ModelNotFoundError({
    model,
    ...(suggestion === undefined ? {} : { suggestion }),
    message:
      `Model ${model} not found.` +
      (suggestion === undefined ? '' : ` Did you mean ${suggestion}?`) +
      ` ${supported} For another name, register a BaseLlm subclass with ` +
      'LLMRegistry.register, or give the agent a BaseLlm instance.',
  });
}
