import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

async function example(name: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `examples/${name}/main.ts`], {
    cwd: root,
    timeout: 30_000,
  });
  return stdout;
}

describe('examples run as documented (issue 2: examples/)', () => {
  it('quickstart: parallel research on branches, a loop that escalates, state committed', async () => {
    const output = await example('quickstart');
    expect(output).toContain('flight_finder [price_research.flight_finder]: flight: 420 EUR');
    expect(output).toContain('hotel_finder [price_research.hotel_finder]: hotel: 380 EUR');
    expect(output).toContain('budget_fitter: Total 700 EUR fits the budget.');
    expect(output).toContain('"discount":100');
    expect(output).toContain('events stored: 6');
  });

  it('callbacks: the guard answers for the agent, state counts visits', async () => {
    const output = await example('callbacks');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'greeter: Please sign in first.',
      'greeter: (state change {"visits":1})',
      'greeter: Welcome back, visit number 1.',
      'greeter: (greeter signing off)',
      'greeter: (state change {"visits":2})',
      'greeter: Welcome back, visit number 2.',
      'greeter: (greeter signing off)',
    ]);
  });

  it('sessions-state: scopes behave as documented', async () => {
    const output = await example('sessions-state');
    expect(output).toContain(
      'alice stored session: {"draft":"Dear team,","app:theme":"dark","user:language":"pt"}',
    );
    expect(output).toContain('alice second session: {"app:theme":"dark","user:language":"pt"}');
    expect(output).toContain('bob: {"app:theme":"dark"}');
  });

  it('rewind: session state and artifacts go back, user state stays, the model forgets', async () => {
    const output = await example('rewind');
    expect(output).toContain('rewind event delta: {"dish":"lentil curry"}');
    expect(output).toContain(
      'after the rewind: state {"dish":"lentil curry","user:changes":2}, Recipe: lentil curry',
    );
    expect(output).toContain('texts the model saw: ["Plan lentil curry","Noted.","Plan risotto"]');
  });

  it('plugins: the guardrail blocks, the logging plugin logs', async () => {
    const output = await example('plugins');
    expect(output).toContain('echo: You said: hello there');
    expect(output).toContain('model: I cannot help with passwords.');
    expect(output).toContain('events seen by the guardrail: 2');
  });

  it('event-json: both casings, user keys untouched', async () => {
    const output = await example('event-json');
    expect(output).toContain(
      '"function_call":{"id":"adk-1","args":{"city_name":"Paris","unitSystem":"metric"},"name":"get_weather"}',
    );
    expect(output).toContain('"stateDelta":{"user:last_city":"Paris","lastQuery":"weather"}');
    expect(output).toContain('round trip equal: true');
  });

  it('resume: a paused invocation continues in the same invocation', async () => {
    const lines = (await example('resume')).split('\n').filter(Boolean);
    expect(lines.map((line) => line.slice(11))).toEqual([
      'expense_flow: {"current_sub_agent":"approval"}',
      'approval: calls ask_manager (paused)',
      '-- the manager answers --'.slice(11),
      'approval: Approved: {"approved":true}',
      'expense_flow: {"current_sub_agent":"booker"}',
      'booker: Booked.',
      'expense_flow: {"endOfAgent":true}',
    ]);
    expect(
      new Set(lines.filter((line) => line.startsWith('e-')).map((line) => line.slice(0, 10))).size,
    ).toBe(1);
  });

  it('tool-auth: the tool asks for an API key, the client answers, the tool runs with it', async () => {
    const output = await example('tool-auth');
    expect(output).toContain(
      '"authConfig":{"authScheme":{"type":"apiKey","in":"header","name":"X-Api-Key"},' +
        '"rawAuthCredential":{"authType":"apiKey"},' +
        '"credentialKey":"adk_apiKey_12037b6b68d3604d_apiKey_0e0c64790d90ab22"}',
    );
    expect(output).toContain('forecaster: {"city":"Lisbon","weather":"sunny","keyLength":12}');
    expect(output).toContain('forecaster: Sunny in Lisbon.');
  });

  it('mcp-auth: the toolset asks for its API key before listing, then lists and calls with it', async () => {
    const output = await example('mcp-auth');
    expect(output.split('\n').filter(Boolean)).toEqual([
      '-- turn 1 --',
      'banker: calls adk_request_credential',
      'client: asked for a credential (_adk_toolset_auth_…)',
      '-- turn 2: the client answers with the key --',
      'banker: calls balance',
      'banker: Your balance: {"content":[{"type":"text","text":"1024 EUR"}],"isError":false}',
      '-- turn 3: the credential service has the key --',
      'banker: calls balance',
      'banker: Your balance: {"content":[{"type":"text","text":"1024 EUR"}],"isError":false}',
    ]);
  });

  it('auth-provider: a custom provider supplies the key; a user it has no key for is asked', async () => {
    const output = await example('auth-provider');
    expect(output).toContain(
      '-- alice --\nforecaster: calls get_weather\n' +
        'forecaster: {"city":"Lisbon","weather":"sunny","keyFrom":"vault"}\n-- bob --',
    );
    expect(output).toContain(
      'forecaster: calls adk_request_credential\nforecaster: {"result":"Pending User Authorization."}',
    );
  });

  it('oauth2: sign-in asked once, the code exchanged, the expired token refreshed without asking', async () => {
    const output = await example('oauth2');
    expect(output).toContain(
      'shop: calls adk_request_credential\nshop: {"result":"Pending User Authorization."}',
    );
    expect(output).toContain('sign in at <idp>/authorize\nclient secret sent to the client: false');
    expect(output).toContain(
      '-- turn 3: the token has expired; it is refreshed without asking --\n' +
        'shop: calls list_orders\n' +
        'shop: {"status":200,"orders":[{"id":7,"item":"dog food","status":"shipped"}]}',
    );
    expect(output).toContain('token grants: {"authorization_code":1,"refresh_token":1}');
  });

  it('weather-agent: the model calls the tool, gets the result and answers', async () => {
    const output = await example('weather-agent');
    expect(output).toContain('weather_agent calls get_weather({"city":"Lisbon"})');
    expect(output).toContain(
      'weather_agent gets {"status":"success","report":"Sunny and 24°C in Lisbon."}',
    );
    expect(output).toContain('weather_agent: Here is the forecast: Sunny and 24°C in Lisbon.');
    expect(output).toContain('model calls: 2');
    expect(output).toContain(
      'The user last asked about .\n\nYou are an agent. Your internal name is "weather_agent".',
    );
  });

  it('multi-agent: transfer, then the tutor keeps the next turn', async () => {
    const output = await example('multi-agent');
    expect(output).toContain('study_coordinator → transfer to math_tutor\nmath_tutor: 2 + 2 = 4.');
    expect(output).toContain('user: And 3 × 3?\nmath_tutor: 3 × 3 = 9.');
    expect(output).toContain('`history_tutor`, `study_coordinator`.');
  });

  it('agent-tool: the translator agent answers as a tool', async () => {
    const output = await example('agent-tool');
    expect(output).toContain(
      'writer calls translator({"request":"Good morning!"})\nwriter gets {"result":"Bom dia!"}',
    );
    expect(output).toContain(
      '"parameters":{"properties":{"request":{"type":"STRING"}},"required":["request"],"type":"OBJECT"}',
    );
  });

  it('code-execution: python3 runs the model code and the model reads the output', async () => {
    const output = await example('code-execution');
    expect(output).toContain('calculator runs: print(sum(range(1, 101)))');
    expect(output).toContain('result: "Code execution result:\\n5050\\n\\n"');
    expect(output).toContain('```tool_output\\nCode execution result:\\n5050');
  });

  it('bundled-plugins: a global instruction from state, an upload saved as an artifact', async () => {
    const output = await example('bundled-plugins');
    expect(output).toContain('clerk: I have your invoice, ACME.');
    expect(output).toContain(
      'system instruction: "You work for ACME. Be formal.\\n\\nAnswer about invoices.',
    );
    expect(output).toContain(
      'the model saw: [{"text":"Here is my invoice."},{"text":"[Uploaded Artifact: \\"invoice.txt\\"]"}]',
    );
    expect(output).toContain('artifact invoice.txt: Invoice 42: 100 EUR');
  });

  it('reflect-and-retry: the failed call becomes a reflection and the model recovers', async () => {
    const output = await example('reflect-and-retry');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'support calls get_order',
      'support gets ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN',
      'support calls lookup_order',
      'support gets {"orderId":"A-7","status":"shipped"}',
      'support: Order A-7 has shipped.',
    ]);
  });

  it('yaml-agent: the YAML names its model, tool and callback; the registry supplies them', async () => {
    const output = await example('yaml-agent');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'greeter calls lookup_user({"userId":"ada"})',
      'greeter: Welcome back, Ada Lovelace!',
      'loaded agent: greeter (LlmAgent)',
    ]);
  });

  it('workflow-triage: the routing map picks each handler, DEFAULT_ROUTE the rest (004 §1)', async () => {
    const output = await example('workflow-triage');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'user: URGENT: the site is down',
      '  triage_workflow@1/handle_urgent@1 → "Escalating to the on-call team."',
      'user: A question about my billing statement',
      '  triage_workflow@1/handle_billing@1 → "Routing to the billing department."',
      'user: How do I change my avatar?',
      '  triage_workflow@1/handle_default@1 → "Handled by general support."',
    ]);
  });

  it('workflow-parallel: one summary per document, collected in input order (004 §4)', async () => {
    const output = await example('workflow-parallel');
    expect(output).toContain('summariser [summariser@1]: Revenue grew 12%.');
    expect(output).toContain('summariser [summariser@2]: A Lisbon office opens in March.');
    expect(output).toContain('summariser [summariser@3]: The audit found only minor issues.');
    expect(output).toContain(
      'summary:\n- Revenue grew 12%.\n- A Lisbon office opens in March.\n- The audit found only minor issues.',
    );
  });

  it('workflow-retry: two error events, then the third attempt succeeds (004 §2)', async () => {
    const output = await example('workflow-retry');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'fetch_rates error: UpstreamTimeoutError: rates service timed out (attempt 1)',
      'fetch_rates error: UpstreamTimeoutError: rates service timed out (attempt 2)',
      'fetch_rates output: {"EUR":1,"USD":1.08}',
      'quote output: "100 EUR is 108.00 USD"',
    ]);
  });

  it('workflow-approval: RequestInput pauses, the answer resumes the workflow on either route (004 §5)', async () => {
    const output = await example('workflow-approval');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'user: Please refund 40 EUR for order 1234: the parcel arrived damaged.',
      '  refund_workflow@1/read_request@1 → {"order":"1234","amount":40}',
      '  ask_manager asks: Approve a refund of 40 EUR for order 1234? [id refund-1234] (paused)',
      'manager answers: {"approved":true}',
      '  refund_workflow@1/decide@1 → {"approved":true,"note":null}',
      '  refund_workflow@1/issue_refund@1 → "Refund issued for order 1234."',
      'user: Please refund 40 EUR for order 5678: the parcel arrived damaged.',
      '  refund_workflow@1/read_request@1 → {"order":"5678","amount":40}',
      '  ask_manager asks: Approve a refund of 40 EUR for order 5678? [id refund-5678] (paused)',
      'manager answers: {"approved":false,"note":"the parcel was insured by the carrier"}',
      '  refund_workflow@1/decide@1 → {"approved":false,"note":"the parcel was insured by the carrier"}',
      '  refund_workflow@1/explain_rejection@1 → "Refund declined: the parcel was insured by the carrier."',
    ]);
  });

  it('task-mode: the coordinator delegates, the task agent finishes with finish_task (004 §10)', async () => {
    const output = await example('task-mode');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'coordinator: call researcher {"request":"How many people live in Lisbon?"}',
      'researcher (scope task-1): call look_up_population {"city":"Lisbon"}',
      'researcher (scope task-1): look_up_population → {"city":"Lisbon","millions":0.55}',
      'researcher (scope task-1): call finish_task {"result":"Lisbon has about 0.55 million inhabitants."}',
      'researcher (scope task-1): finish_task → {"result":"Task completed."}',
      'researcher (scope task-1): task output {"result":"Lisbon has about 0.55 million inhabitants."}',
      'user: researcher → {"result":"Lisbon has about 0.55 million inhabitants."}',
      'coordinator: According to the researcher: Lisbon has about 0.55 million inhabitants.',
    ]);
  });

  it('live-text: a scripted live session, a tool call answered inside it (adk-python runners.py run_live)', async () => {
    const output = await example('live-text');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'live_assistant (partial): Hi! ',
      'live_assistant (partial): Ask me about the weather.',
      'live_assistant: (turn complete)',
      'live_assistant: call get_weather {"city":"Lisbon"}',
      'live_assistant: get_weather → {"city":"Lisbon","weather":"sunny"}',
      'live_assistant (partial): It is sunny in Lisbon.',
      'live_assistant: (turn complete)',
      'events stored: 6',
    ]);
  });

  it('live-streaming-tool: a stock monitor streams alerts into a live session until stop_streaming (adk-python streaming tools)', async () => {
    const output = await example('live-streaming-tool');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'stock_watcher: call monitor_stock_price {"stock_symbol":"GOOG"}',
      'stock_watcher: monitor_stock_price → {"status":"The function is running asynchronously and the results are pending."}',
      'stock_watcher: I am watching GOOG for you.',
      'stock_watcher: GOOG just moved to 300.',
      'stock_watcher: GOOG just moved to 400.',
      'stock_watcher: call stop_streaming {"function_name":"monitor_stock_price"}',
      '(monitor for GOOG stopped)',
      'stock_watcher: stop_streaming → {"status":"Successfully stopped streaming function monitor_stock_price"}',
      'stock_watcher: Stopped watching GOOG.',
      'to the model: {"status":"The function is running asynchronously and the results are pending."}',
      'to the model: {"result":"the price for GOOG is 300"}',
      'to the model: {"result":"the price for GOOG is 400"}',
    ]);
  });
  it('compaction: summaries written every 2 invocations replace the turns they cover (issue 19)', async () => {
    const output = await example('compaction');
    const lines = output.split('\n').filter(Boolean);
    expect(lines.filter((line) => line.startsWith('(after'))).toEqual([
      '(after "milk": 0 summaries stored)',
      '(after "bread": 1 summaries stored)',
      '(after "eggs": 1 summaries stored)',
      '(after "apples": 2 summaries stored)',
      '(after "rice": 2 summaries stored)',
    ]);
    expect(lines.filter((line) => line.startsWith('sent '))).toEqual([
      'sent model: Summary 1 of the shopping list so far.',
      'sent model: Summary 2 of the shopping list so far.',
      'sent user: Add rice.',
      'sent model: Noted, item 5.',
      'sent user: What is on the list?',
    ]);
    expect(output).toContain(
      'summarizer prompt starts: The following is a conversation history between a user and a',
    );
  });
  it('openapi: the OpenAPI tools call the local book shop API over HTTP (issue 20 §2)', async () => {
    const output = await example('openapi');
    expect(output.split('\n').filter(Boolean)).toEqual([
      'tools: list_books, add_book',
      'add_book parameters: {"properties":{"title":{"description":"The title","type":"STRING"},' +
        '"author":{"description":"The author","type":"STRING"}},"required":["title","author"],' +
        '"title":"addBook_Arguments","type":"OBJECT"}',
      'librarian calls add_book({"title":"Persuasion","author":"Jane Austen"})',
      'librarian gets {"id":3,"title":"Persuasion","author":"Jane Austen"}',
      'librarian calls list_books({"author":"Jane Austen"})',
      'librarian gets {"result":[{"id":2,"title":"Emma","author":"Jane Austen"},' +
        '{"id":3,"title":"Persuasion","author":"Jane Austen"}]}',
      'librarian: The shop has 2 books by Jane Austen: Emma and Persuasion.',
    ]);
  });
});
