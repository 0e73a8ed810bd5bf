/**
 * Quickstart: a trip-planning pipeline built from custom agents and the
 * workflow agents (Sequential, Parallel, Loop), run by an InMemoryRunner
 * with the LoggingPlugin. No model and no network: every agent is code.
 *
 * Run: npm run example
 */
import {
  BaseAgent,
  createEvent,
  InMemoryRunner,
  LoopAgent,
  ParallelAgent,
  SequentialAgent,
  stringifyContent,
  type Event,
  type InvocationContext,
} from '@adk-ts/adk';

/** A custom agent: looks up a price and records it in session state. */
class PriceLookup extends BaseAgent {
  constructor(
    name: string,
    private readonly item: string,
    private readonly price: number,
  ) {
    super({ name, description: `Finds the price of ${item}.` });
  }

  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    await new Promise((resolve) => setTimeout(resolve, (10 * this.price) / 100));
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      branch: context.branch,
      content: { role: 'model', parts: [{ text: `${this.item}: ${this.price} EUR` }] },
      actions: { stateDelta: { [`price_${this.item}`]: this.price } },
    });
  }
}

/** A custom agent that trims the budget until it fits, then escalates to end the loop. */
class BudgetFitter extends BaseAgent {
  protected override async *runAsyncImpl(context: InvocationContext): AsyncGenerator<Event> {
    const state = context.session.state;
    const total =
      Number(state['price_flight']) + Number(state['price_hotel']) - Number(state['discount'] ?? 0);
    const fits = total <= Number(state['user:budget']);
    yield createEvent({
      invocationId: context.invocationId,
      author: this.name,
      content: {
        role: 'model',
        parts: [
          {
            text: fits
              ? `Total ${total} EUR fits the budget.`
              : `Total ${total} EUR is over budget; asking for 50 EUR off.`,
          },
        ],
      },
      actions: fits
        ? { escalate: true }
        : { stateDelta: { discount: Number(state['discount'] ?? 0) + 50 } },
    });
  }
}

const planner = new SequentialAgent({
  name: 'trip_planner',
  description: 'Plans a trip within budget.',
  subAgents: [
    new ParallelAgent({
      name: 'price_research',
      subAgents: [
        new PriceLookup('flight_finder', 'flight', 420),
        new PriceLookup('hotel_finder', 'hotel', 380),
      ],
    }),
    new LoopAgent({
      name: 'budget_loop',
      maxIterations: 5,
      subAgents: [new BudgetFitter({ name: 'budget_fitter' })],
    }),
  ],
});

const runner = new InMemoryRunner({ agent: planner, appName: 'quickstart' });
const session = await runner.sessionService.createSession({
  appName: 'quickstart',
  userId: 'traveller',
  state: { 'user:budget': 700 },
});

for await (const event of runner.runAsync({
  userId: 'traveller',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Plan a weekend in Lisbon.' }] },
})) {
  const where = event.branch ? ` [${event.branch}]` : '';
  console.log(`${event.author}${where}: ${stringifyContent(event)}`);
}

const stored = await runner.sessionService.getSession({
  appName: 'quickstart',
  userId: 'traveller',
  sessionId: session.id,
});
console.log(`state: ${JSON.stringify(stored?.state)}`);
console.log(`events stored: ${stored?.events.length}`);
