import {
  FunctionTool,
  InMemoryArtifactService,
  InMemorySessionService,
  LlmAgent,
  LongRunningFunctionTool,
  type Content,
  type LlmRequest,
  type LlmResponse,
} from '../../src/index.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../../src/testing/index.js';
import { z } from 'zod';

/**
 * The app the browser tests drive: `dev_ui_app`, a deterministic agent whose
 * model answers from the latest message:
 * - "weather" → streamed text, then a `get_weather` call (the tool writes
 *   `state.last_city` and `state.weather_checks`), then a final text;
 * - "report" → `save_report`, which saves `report.txt` and `chart.png`;
 * - "approve" → the long-running `ask_approval`, answered by the user; the
 *   reply quotes the answer;
 * - "delete" → `delete_files`, which needs the user's confirmation first;
 * - "transfer" → a transfer to `helper_agent`, which greets;
 * - "inventory" → `check_inventory`, whose code throws `INVENTORY_FAILURE`;
 * - "think" → a thought and a text; "blocked" → an event with an error code;
 *   "fail" → the model throws (the stream ends with an error frame);
 * - anything else → `Echo: <text>`.
 */

/** The streamed text of the weather turn, in the chunks the model sends. */
export const WEATHER_CHUNKS = ['Checking the weather ', 'in Paris ', 'for you.'] as const;
/** The whole streamed text of the weather turn. */
export const WEATHER_TEXT = WEATHER_CHUNKS.join('');
/** The model's final answer after `get_weather`. */
export const WEATHER_ANSWER = 'It is sunny in Paris, 21 degrees.';
/** The model's answer after `save_report`. */
export const REPORT_ANSWER = 'Saved report.txt and chart.png.';
/** The text `report.txt` holds. */
export const REPORT_TEXT = 'Quarterly report: all systems nominal.';
/** The prefix of the model's answer after the user answered `ask_approval`. */
export const APPROVAL_ANSWER_PREFIX = 'The approver answered: ';
/** The thought of the "think" turn. */
export const THOUGHT_TEXT = 'Pondering the question carefully.';
/** The helper agent's greeting after a transfer. */
export const HELPER_GREETING = 'Helper agent here, how can I help?';

/** What `check_inventory` throws. */
export const INVENTORY_FAILURE = 'Inventory service unavailable (503).';

/** A 2×2 PNG (red, green, blue, white pixels), base64. */
export const CHART_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC';

/**
 * Makes the model hold its non-partial responses (after the partial chunks)
 * until released, so a test can look at the page mid-stream.
 */
export class StreamGate {
  private held: { promise: Promise<void>; release: () => void } | undefined;

  /** From now on, streamed turns wait before their final response. */
  hold(): void {
    if (this.held) return;
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.held = { promise, release };
  }

  /** Lets waiting and future turns finish. */
  release(): void {
    this.held?.release();
    this.held = undefined;
  }

  /** Resolves at once unless held. */
  wait(): Promise<void> {
    return this.held?.promise ?? Promise.resolve();
  }
}

/** A ScriptedLlm that paces its chunks and honours a StreamGate before a final response that follows partial ones. */
class PacedScriptedLlm extends ScriptedLlm {
  constructor(
    private readonly gate: StreamGate,
    responses: ConstructorParameters<typeof ScriptedLlm>[0]['responses'],
  ) {
    super({ responses });
  }

  override async *generateContentAsync(
    request: LlmRequest,
    stream = false,
    abortSignal?: AbortSignal,
  ): AsyncGenerator<LlmResponse, void> {
    let sawPartial = false;
    for await (const response of super.generateContentAsync(request, stream, abortSignal)) {
      if (response.partial) {
        sawPartial = true;
        await sleep(60);
      } else if (sawPartial) {
        await this.gate.wait();
      }
      yield response;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function lastContent(request: LlmRequest): Content | undefined {
  return request.contents.at(-1);
}

function decide(request: LlmRequest): LlmResponse | LlmResponse[] | Error {
  const parts = lastContent(request)?.parts ?? [];
  const answered = parts.find((part) => part.functionResponse)?.functionResponse;
  if (answered) {
    switch (answered.name) {
      case 'get_weather':
        return textResponse(WEATHER_ANSWER);
      case 'save_report':
        return textResponse(REPORT_ANSWER);
      case 'ask_approval':
        return textResponse(`${APPROVAL_ANSWER_PREFIX}${JSON.stringify(answered.response)}`);
      case 'delete_files':
        return textResponse(`Deletion result: ${JSON.stringify(answered.response)}`);
      default:
        return textResponse(`Got a response from ${answered.name}.`);
    }
  }
  const text = parts.map((part) => part.text ?? '').join('');
  if (/weather/i.test(text)) {
    return [
      ...WEATHER_CHUNKS.map((chunk) => textResponse(chunk, { partial: true })),
      {
        content: {
          role: 'model',
          parts: [
            { text: WEATHER_TEXT },
            { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
          ],
        },
      },
    ];
  }
  if (/report/i.test(text)) return functionCallResponse('save_report', { title: 'Quarterly' });
  if (/approve/i.test(text)) {
    return functionCallResponse('ask_approval', { action: 'deploy to production' });
  }
  if (/delete/i.test(text)) return functionCallResponse('delete_files', { pattern: '*.tmp' });
  if (/inventory/i.test(text)) return functionCallResponse('check_inventory', { item: 'widgets' });
  if (/think/i.test(text)) {
    return {
      content: {
        role: 'model',
        parts: [{ text: THOUGHT_TEXT, thought: true }, { text: 'Thought it through.' }],
      },
    };
  }
  if (/blocked/i.test(text)) {
    return { errorCode: 'SAFETY', errorMessage: 'The response was blocked.' };
  }
  if (/fail/i.test(text)) return new Error('The scripted model failed on purpose.');
  if (/transfer/i.test(text)) {
    return functionCallResponse('transfer_to_agent', { agent_name: 'helper_agent' });
  }
  return textResponse(`Echo: ${text}`);
}

const getWeather = new FunctionTool({
  name: 'get_weather',
  description: 'Returns the weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }, context) => {
    context.state.set('last_city', city);
    const checks = context.state.get('weather_checks');
    context.state.set('weather_checks', (typeof checks === 'number' ? checks : 0) + 1);
    return { city, condition: 'sunny', temperature_c: 21 };
  },
});

const saveReport = new FunctionTool({
  name: 'save_report',
  description: 'Saves a report and a chart as artifacts.',
  parameters: z.object({ title: z.string() }),
  execute: async ({ title }, context) => {
    const report = await context.saveArtifact('report.txt', {
      inlineData: { mimeType: 'text/plain', data: Buffer.from(REPORT_TEXT).toString('base64') },
    });
    const chart = await context.saveArtifact('chart.png', {
      inlineData: { mimeType: 'image/png', data: CHART_PNG_BASE64 },
    });
    return { title, report_version: report, chart_version: chart };
  },
});

const askApproval = new LongRunningFunctionTool({
  name: 'ask_approval',
  description: 'Asks a human to approve an action; the answer arrives later.',
  parameters: z.object({ action: z.string() }),
  // Returning nothing leaves the call pending: the user answers it from the UI.
  execute: () => undefined,
});

const deleteFiles = new FunctionTool({
  name: 'delete_files',
  description: 'Deletes files matching a pattern.',
  parameters: z.object({ pattern: z.string() }),
  requireConfirmation: true,
  execute: ({ pattern }) => ({ deleted: 3, pattern }),
});

const checkInventory = new FunctionTool({
  name: 'check_inventory',
  description: 'Counts the stock of an item.',
  parameters: z.object({ item: z.string() }),
  execute: () => {
    throw new Error(INVENTORY_FAILURE);
  },
});

/** The services and agent of one `dev_ui_app` instance. */
export interface DevUiApp {
  readonly rootAgent: LlmAgent;
  readonly gate: StreamGate;
  readonly llm: ScriptedLlm;
  readonly sessionService: InMemorySessionService;
  readonly artifactService: InMemoryArtifactService;
}

/** Builds a fresh `dev_ui_app` with in-memory services. */
export function createDevUiApp(): DevUiApp {
  const gate = new StreamGate();
  const llm = new PacedScriptedLlm(gate, (request) => decide(request));
  const helper = new LlmAgent({
    name: 'helper_agent',
    description: 'Greets the user after a transfer.',
    model: new ScriptedLlm({ responses: () => textResponse(HELPER_GREETING) }),
  });
  const rootAgent = new LlmAgent({
    name: 'dev_ui_agent',
    description: 'A scripted agent for the dev UI tests.',
    model: llm,
    instruction: 'Help the user.',
    tools: [getWeather, saveReport, askApproval, deleteFiles, checkInventory],
    subAgents: [helper],
  });
  return {
    rootAgent,
    gate,
    llm,
    sessionService: new InMemorySessionService(),
    artifactService: new InMemoryArtifactService(),
  };
}
