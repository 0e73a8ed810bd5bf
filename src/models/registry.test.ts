import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdkError } from '../errors/adk-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ModelNotFoundError } from '../errors/model-not-found-error.js';
import type { LlmResponse } from '../events/llm-response.js';
import { setLogger, type Logger } from '../utils/logger.js';
import { BaseLlm } from './base-llm.js';
import { LLMRegistry, type BaseLlmClass } from './registry.js';

function llmClass(label: string, patterns: readonly (string | RegExp)[]): BaseLlmClass {
  const named = {
    [label]: class extends BaseLlm {
      static override readonly supportedModels = patterns;
      override async *generateContentAsync(): AsyncGenerator<LlmResponse, void> {
        yield { content: { role: 'model', parts: [{ text: label }] } };
      }
    },
  };
  return named[label]!;
}

// These cases pin the registry's own rules on an empty registry; the
// built-in classes are covered by default-models.test.ts.
beforeEach(() => LLMRegistry.reset());

afterEach(() => {
  LLMRegistry.reset();
  setLogger();
});

describe('LLMRegistry (reference adk-python §1.10, models/registry.py)', () => {
  it('resolves a model name to the class whose pattern matches it whole', () => {
    const Gemini = llmClass('Gemini', ['gemini-.*', 'projects/.+/endpoints/.+']);
    LLMRegistry.register(Gemini);
    expect(LLMRegistry.resolve('gemini-2.5-flash')).toBe(Gemini);
    expect(LLMRegistry.resolve('projects/1/endpoints/2')).toBe(Gemini);
    // re.fullmatch: a match inside the name, or of its start only, is no match.
    expect(() => LLMRegistry.resolve('my-gemini-2.5')).toThrow(ModelNotFoundError);
    LLMRegistry.register(llmClass('Prefix', ['claude']));
    expect(() => LLMRegistry.resolve('claude-3')).toThrow(ModelNotFoundError);
  });

  it('anchors alternations as a whole, as re.fullmatch does', () => {
    const Either = llmClass('Either', ['a|b']);
    LLMRegistry.register(Either);
    expect(LLMRegistry.resolve('a')).toBe(Either);
    expect(LLMRegistry.resolve('b')).toBe(Either);
    expect(() => LLMRegistry.resolve('xb')).toThrow(ModelNotFoundError);
    expect(() => LLMRegistry.resolve('ax')).toThrow(ModelNotFoundError);
  });

  it('accepts RegExp patterns, matched whole, keeping flags but never stateful', () => {
    const Claude = llmClass('Claude', [/claude-3-.*/gi]);
    LLMRegistry.register(Claude);
    expect(LLMRegistry.resolve('CLAUDE-3-opus')).toBe(Claude);
    expect(LLMRegistry.resolve('claude-3-opus')).toBe(Claude);
    expect(LLMRegistry.resolve('claude-3-opus')).toBe(Claude);
    expect(() => LLMRegistry.resolve('x-claude-3-opus')).toThrow(ModelNotFoundError);
  });

  it('the first registered matching pattern wins; re-registering a pattern rebinds it in place', () => {
    const messages: string[] = [];
    const capture: Logger = {
      debug: () => undefined,
      info: (message) => messages.push(message),
      warn: () => undefined,
      error: () => undefined,
    };
    setLogger(capture);
    const General = llmClass('General', ['model-.*']);
    const Special = llmClass('Special', ['model-special']);
    LLMRegistry.register(General);
    LLMRegistry.register(Special);
    expect(LLMRegistry.resolve('model-special')).toBe(General);

    const Newer = llmClass('Newer', ['model-.*']);
    LLMRegistry.register(Newer);
    expect(LLMRegistry.resolve('model-special')).toBe(Newer);
    expect(LLMRegistry.resolve('model-other')).toBe(Newer);
    expect(LLMRegistry.entries()).toEqual([
      ['model-.*', Newer],
      ['model-special', Special],
    ]);
    expect(messages).toEqual(['Updating LLM class for model-.* from General to Newer']);
  });

  it('a registration after a resolution takes effect at once', () => {
    LLMRegistry.register(llmClass('First', ['m']));
    expect(LLMRegistry.resolve('m').name).toBe('First');
    const Second = llmClass('Second', ['m']);
    LLMRegistry.register(Second);
    expect(LLMRegistry.resolve('m')).toBe(Second);
  });

  it('newLlm builds an instance for the model name', async () => {
    LLMRegistry.register(llmClass('Fake', ['fake-.*']));
    const llm = LLMRegistry.newLlm('fake-1');
    expect(llm).toBeInstanceOf(BaseLlm);
    expect(llm.model).toBe('fake-1');
    const responses: LlmResponse[] = [];
    for await (const response of llm.generateContentAsync({} as never)) responses.push(response);
    expect(responses[0]?.content?.parts?.[0]?.text).toBe('Fake');
  });

  it('an unknown model throws ModelNotFoundError with Python’s message', () => {
    let caught: unknown;
    try {
      LLMRegistry.newLlm('unknown-model');
    } catch (error) {
      caught = error;
    }
    expect(ModelNotFoundError.isInstance(caught)).toBe(true);
    expect(AdkError.isInstance(caught)).toBe(true);
    // Python's sentence first; on an empty registry, nothing to list.
    expect((caught as ModelNotFoundError).message).toBe(
      'Model unknown-model not found. No model names are registered. For another name, register ' +
        'a BaseLlm subclass with LLMRegistry.register, or give the agent a BaseLlm instance.',
    );
    expect((caught as ModelNotFoundError).suggestion).toBeUndefined();
    expect((caught as ModelNotFoundError).model).toBe('unknown-model');
    expect((caught as ModelNotFoundError).name).toBe('ModelNotFoundError');
  });

  it('an unknown model lists the registered names and suggests the nearest one', () => {
    LLMRegistry.register(
      llmClass('Fam', [
        'gemini-.*',
        'o1',
        'openai/.*',
        'projects\\/.+\\/endpoints\\/.+',
        /my\.model-.*/,
      ]),
    );
    const failure = (model: string): ModelNotFoundError => {
      try {
        LLMRegistry.resolve(model);
      } catch (error) {
        if (ModelNotFoundError.isInstance(error)) return error;
        throw error;
      }
      throw new Error(`${model} resolved`);
    };
    const typo = failure('gemnii-2.5-flash');
    expect(typo.message).toBe(
      'Model gemnii-2.5-flash not found. Did you mean gemini-2.5-flash? Supported model names: ' +
        'gemini-*, o1, openai/*, projects/.+/endpoints/.+, my.model-*. For another name, register ' +
        'a BaseLlm subclass with LLMRegistry.register, or give the agent a BaseLlm instance.',
    );
    expect(typo.suggestion).toBe('gemini-2.5-flash');
    expect(typo.model).toBe('gemnii-2.5-flash');
    // A missing or extra character, a swap, another case, another separator.
    expect(failure('gemini2.5-flash').suggestion).toBe('gemini-2.5-flash');
    expect(failure('gemni-2.5-pro').suggestion).toBe('gemini-2.5-pro');
    expect(failure('Gemini-2.5-pro').suggestion).toBe('gemini-2.5-pro');
    expect(failure('openai:gpt-4o').suggestion).toBe('openai/gpt-4o');
    expect(failure('my.modle-1').suggestion).toBe('my.model-1');
    // Too far from any name, or too short to guess at: the list only.
    expect(failure('llama3').suggestion).toBeUndefined();
    expect(failure('gmeni-2.5').suggestion).toBeUndefined();
    expect(failure('o5').suggestion).toBeUndefined();
    expect(failure('o5').message).not.toContain('Did you mean');
  });

  it('BaseLlm serves no model by default; reset removes every registration', () => {
    expect(BaseLlm.supportedModels).toEqual([]);
    LLMRegistry.register(llmClass('None', []));
    expect(LLMRegistry.entries()).toEqual([]);
    LLMRegistry.register(llmClass('Some', ['some']));
    LLMRegistry.reset();
    expect(LLMRegistry.entries()).toEqual([]);
    expect(() => LLMRegistry.resolve('some')).toThrow(ModelNotFoundError);
  });

  it('an invalid pattern is refused when registered', () => {
    expect(() => LLMRegistry.register(llmClass('Bad', ['gemini-(']))).toThrow(InvalidArgumentError);
  });
});
