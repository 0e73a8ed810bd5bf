import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NotSupportedError } from '../errors/not-supported-error.js';
import { BaseLlm } from '../models/base-llm.js';
import type { BaseLlmConnection } from '../models/base-llm-connection.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { RecordedLlmRequest } from './scripted-llm.js';
import { ScriptedLiveConnection, type ScriptedLiveTurn } from './scripted-live-connection.js';

/** Options of a ScriptedLiveLlm. */
export interface ScriptedLiveLlmOptions {
  /** The model name reported in requests; default `scripted-live-llm`. */
  model?: string;
  /**
   * The turns the model plays, in order, across all its connections: each
   * is released by the next thing the client sends (content or realtime
   * input) on whichever connection is open.
   */
  turns: readonly ScriptedLiveTurn[];
  /**
   * The modalities its live sessions answer in (`liveResponseModalities`);
   * unset, any modality is accepted.
   */
  responseModalities?: readonly string[];
}

/**
 * A deterministic live model for tests and examples: `connect()` records
 * the request (as `ScriptedLlm` does) and opens a `ScriptedLiveConnection`
 * that records what the client sends and plays the scripted turns, one per
 * send. It is a model for live runs only: `generateContentAsync` throws
 * `NotSupportedError`.
 */
export class ScriptedLiveLlm extends BaseLlm {
  /** The request of every `connect()`, in order. */
  readonly requests: RecordedLlmRequest[] = [];
  /** Every connection opened, in order. */
  readonly connections: ScriptedLiveConnection[] = [];
  private readonly turns: ScriptedLiveTurn[];
  private readonly responseModalities: readonly string[] | undefined;

  /** Throws `InvalidArgumentError` unless `options.turns` is a list. */
  constructor(options: ScriptedLiveLlmOptions) {
    if (typeof options !== 'object' || options === null || !Array.isArray(options.turns)) {
      throw new InvalidArgumentError({
        argument: 'turns',
        message:
          'ScriptedLiveLlm takes an options object with a turns list, as in ' +
          'new ScriptedLiveLlm({ turns: [[textResponse("hi", { turnComplete: true })]] }).',
      });
    }
    super({ model: options.model ?? 'scripted-live-llm' });
    this.turns = [...options.turns];
    this.responseModalities = options.responseModalities;
  }

  /** The modalities given in the options, or undefined (anything is accepted). */
  override get liveResponseModalities(): readonly string[] | undefined {
    return this.responseModalities;
  }

  // eslint-disable-next-line require-yield
  override async *generateContentAsync(_request: LlmRequest): AsyncGenerator<never, void> {
    throw new NotSupportedError({
      message: `${this.model} is a scripted live model: open a live session with connect().`,
    });
  }

  override connect(request: LlmRequest): Promise<BaseLlmConnection> {
    const { toolsDict, ...sendable } = request;
    this.requests.push({ ...structuredClone(sendable), toolNames: Object.keys(toolsDict) });
    const connection = new ScriptedLiveConnection(() => this.turns.shift());
    this.connections.push(connection);
    return Promise.resolve(connection);
  }
}
