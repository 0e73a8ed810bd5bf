import { z } from 'zod';
import { LlmAgent } from '../../src/agents/llm-agent.js';
import type { LlmResponse } from '../../src/events/llm-response.js';
import { BaseLlm } from '../../src/models/base-llm.js';
import type { BaseLlmConnection, RealtimeInput } from '../../src/models/base-llm-connection.js';
import type { LlmRequest } from '../../src/models/llm-request.js';
import { NotSupportedError } from '../../src/errors/not-supported-error.js';
import { LongRunningFunctionTool } from '../../src/tools/long-running-function-tool.js';
import type { Content } from '../../src/types/index.js';

/** The name the live answer test serves its agent under. */
export const LIVE_APPROVAL_APP_NAME = 'live_approval_app';
/** The prefix of the model's reply once the user answered `ask_approval`. */
export const LIVE_APPROVAL_REPLY = 'Live approver answered: ';

/**
 * A live model for the dev UI test of answering a long-running call while
 * live: it ignores the microphone (the fake one streams all along) and
 * answers what is typed. Typed text gets the long-running `ask_approval`
 * call; a function response gets a text quoting it. Each answer ends its
 * turn. Everything it was sent as content is kept in `contents`.
 */
class ApprovalLiveModel extends BaseLlm {
  readonly contents: Content[] = [];

  constructor() {
    super({ model: 'live-approval-model' });
  }

  // eslint-disable-next-line require-yield
  override async *generateContentAsync(_request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    throw new NotSupportedError({ message: 'live only' });
  }

  override connect(_request: LlmRequest): Promise<BaseLlmConnection> {
    return Promise.resolve(new ApprovalConnection(this.contents));
  }
}

class ApprovalConnection implements BaseLlmConnection {
  private readonly outbox: LlmResponse[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private calls = 0;

  constructor(private readonly contents: Content[]) {}

  sendHistory(_history: Content[]): Promise<void> {
    return Promise.resolve();
  }

  sendContent(content: Content): Promise<void> {
    this.contents.push(structuredClone(content));
    const answered = content.parts?.find((part) => part.functionResponse)?.functionResponse;
    if (answered) {
      const text = `${LIVE_APPROVAL_REPLY}${JSON.stringify(answered.response)}`;
      this.push({ content: { role: 'model', parts: [{ text }] } }, { turnComplete: true });
    } else {
      this.calls += 1;
      const call = {
        id: `live-call-${this.calls}`,
        name: 'ask_approval',
        args: { action: 'deploy' },
      };
      this.push(
        { content: { role: 'model', parts: [{ functionCall: call }] } },
        { turnComplete: true },
      );
    }
    return Promise.resolve();
  }

  sendRealtime(_input: RealtimeInput): Promise<void> {
    return Promise.resolve();
  }

  async *receive(): AsyncGenerator<LlmResponse, void> {
    for (;;) {
      const next = this.outbox.shift();
      if (next !== undefined) {
        yield next;
        if (next.turnComplete === true) return;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.push();
    return Promise.resolve();
  }

  private push(...responses: LlmResponse[]): void {
    this.outbox.push(...responses);
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** The live agent whose `ask_approval` the user answers from the dev UI while live. */
export function createLiveApprovalApp(): { agent: LlmAgent; model: ApprovalLiveModel } {
  const model = new ApprovalLiveModel();
  const agent = new LlmAgent({
    name: 'live_approval_agent',
    model,
    tools: [
      new LongRunningFunctionTool({
        name: 'ask_approval',
        description: 'Asks a human to approve an action; the answer arrives later.',
        parameters: z.object({ action: z.string() }),
        execute: () => undefined,
      }),
    ],
  });
  return { agent, model };
}
