/**
 * An app to try the dev UI with, offline: `npm run adk -- web examples/dev-ui`,
 * then open http://127.0.0.1:8000/dev-ui/ and pick `dev_ui_demo`.
 *
 * Its stand-in model reads the latest message:
 * - "weather in <city>" → streams a sentence, calls `get_weather` (which
 *   records the city in the session state) and answers from its result;
 * - "report" → calls `save_report`, which saves `report.txt` and `chart.svg`
 *   as artifacts (see the Artifacts tab);
 * - "approve <something>" → calls the long-running `ask_approval`: the UI
 *   shows a form on the call, and the answer you send comes back quoted;
 * - "quote <symbol>" → calls `get_quote`, which needs an API key: the UI
 *   asks for it (type `demo-key`), the tool runs again with it, and the key
 *   is shown nowhere afterwards (docs/auth.md, "In the dev UI");
 * - anything else → says what it can do.
 */
import {
  AuthenticatedFunctionTool,
  BaseLlm,
  FunctionTool,
  LlmAgent,
  LongRunningFunctionTool,
  type LlmRequest,
  type LlmResponse,
} from '@adk-ts/adk';
import { z } from 'zod';

const getWeather = new FunctionTool({
  name: 'get_weather',
  description: 'Returns the weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }, context) => {
    const checked = context.state.get<string[]>('checked_cities', []);
    context.state.set('checked_cities', [...checked, city]);
    context.state.set('last_city', city);
    return { city, sky: 'clear', temperature_c: 22 };
  },
});

const CHART_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">' +
  '<rect x="10" y="30" width="20" height="30" fill="#1a56c4"/>' +
  '<rect x="50" y="10" width="20" height="50" fill="#1e7b34"/>' +
  '<rect x="90" y="20" width="20" height="40" fill="#8a5a00"/></svg>';

const saveReport = new FunctionTool({
  name: 'save_report',
  description: 'Writes a short report and a chart as artifacts.',
  parameters: z.object({ topic: z.string() }),
  execute: async ({ topic }, context) => {
    const text = `Report on ${topic}: everything is fine.`;
    const report = await context.saveArtifact('report.txt', {
      inlineData: { mimeType: 'text/plain', data: Buffer.from(text).toString('base64') },
    });
    const chart = await context.saveArtifact('chart.svg', {
      inlineData: { mimeType: 'image/svg+xml', data: Buffer.from(CHART_SVG).toString('base64') },
    });
    return { saved: { 'report.txt': report, 'chart.svg': chart } };
  },
});

const askApproval = new LongRunningFunctionTool({
  name: 'ask_approval',
  description: 'Asks a person to approve something; the answer arrives later.',
  parameters: z.object({ request: z.string() }),
  // Nothing to return yet: the call stays open until the person answers it.
  execute: () => undefined,
});

/** The key the demo quote service takes. */
const DEMO_API_KEY = 'demo-key';

const getQuote = new AuthenticatedFunctionTool({
  name: 'get_quote',
  description: 'Returns the price of a stock from a quote service that needs an API key.',
  parameters: z.object({ symbol: z.string() }),
  authConfig: {
    authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    rawAuthCredential: { authType: 'apiKey' },
  },
  // Runs once the user sent the key; until then the tool answers "Pending User Authorization."
  execute: ({ symbol }, _context, credential) =>
    credential?.apiKey === DEMO_API_KEY
      ? { symbol, price: 123.45, currency: 'USD' }
      : { error: 'The quote service refused the API key.' },
});

function call(name: string, args: Record<string, unknown>): LlmResponse {
  return { content: { role: 'model', parts: [{ functionCall: { name, args } }] } };
}

/** An offline model: decides from the latest message, and streams its sentences when asked to. */
class DemoModel extends BaseLlm {
  constructor() {
    super({ model: 'dev-ui-demo-model' });
  }

  override async *generateContentAsync(
    request: LlmRequest,
    stream = false,
  ): AsyncGenerator<LlmResponse, void> {
    const parts = request.contents.at(-1)?.parts ?? [];
    const answered = parts.find((part) => part.functionResponse)?.functionResponse;
    if (answered) {
      yield* say(answerFor(answered.name ?? '', answered.response ?? {}), stream);
      return;
    }
    const text = parts.map((part) => part.text ?? '').join(' ');
    const weather = /weather(?: in)? ([A-Za-z ]+)/i.exec(text);
    if (weather) {
      const city = weather[1]!.trim();
      yield* say(`Let me look up the weather in ${city}.`, stream);
      yield call('get_weather', { city });
    } else if (/report/i.test(text)) {
      yield call('save_report', { topic: text });
    } else if (/approv/i.test(text)) {
      yield call('ask_approval', { request: text });
    } else if (/quote/i.test(text)) {
      const symbol = /quote\s+([A-Za-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'GOOG';
      yield call('get_quote', { symbol });
    } else {
      yield* say(
        'Try "weather in Lisbon", "make a report", "approve my day off" or "quote GOOG".',
        stream,
      );
    }
  }
}

function answerFor(tool: string, response: Record<string, unknown>): string {
  if (tool === 'get_weather') {
    return `It is ${String(response['sky'])} and ${String(response['temperature_c'])} °C in ${String(response['city'])}.`;
  }
  if (tool === 'save_report') return 'The report and the chart are in the Artifacts tab.';
  if (tool === 'get_quote') {
    if (response['result'] === 'Pending User Authorization.') {
      return 'The quote service needs an API key: enter it in the card above (try demo-key).';
    }
    if (typeof response['error'] === 'string') return response['error'];
    return `${String(response['symbol'])} trades at ${String(response['price'])} ${String(response['currency'])}.`;
  }
  return `The approver answered: ${JSON.stringify(response)}`;
}

/** One sentence: word by word as partial responses when streaming, then the whole. */
async function* say(sentence: string, stream: boolean): AsyncGenerator<LlmResponse, void> {
  if (stream) {
    for (const word of sentence.split(/(?<= )/)) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      yield { content: { role: 'model', parts: [{ text: word }] }, partial: true };
    }
  }
  yield { content: { role: 'model', parts: [{ text: sentence }] } };
}

export const rootAgent = new LlmAgent({
  name: 'dev_ui_demo',
  description:
    'Shows what the dev UI can display: streaming, tools, state, artifacts, approvals, credentials.',
  model: new DemoModel(),
  instruction: 'Help the user with the weather, reports, approvals and stock quotes.',
  tools: [getWeather, saveReport, askApproval, getQuote],
});
