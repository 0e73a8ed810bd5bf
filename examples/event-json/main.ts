/**
 * Events on the wire: camelCase JSON for the HTTP API, snake_case JSON for
 * the Python database's event_data. Keys inside user data (state deltas,
 * tool arguments and results) are never re-cased.
 *
 * Run: npx tsx examples/event-json/main.ts
 */
import { isDeepStrictEqual } from 'node:util';
import {
  createEvent,
  eventFromSnakeCaseJson,
  eventToCamelCaseJson,
  eventToSnakeCaseJson,
  isFinalResponse,
} from '@adk-ts/adk';

const event = createEvent({
  invocationId: 'e-0b4b5f44-8c5e-4c41-9d0a-6e8b3c2d1f00',
  author: 'weather_agent',
  content: {
    role: 'model',
    parts: [
      {
        functionCall: {
          id: 'adk-1',
          name: 'get_weather',
          args: { city_name: 'Paris', unitSystem: 'metric' },
        },
      },
    ],
  },
  actions: { stateDelta: { 'user:last_city': 'Paris', lastQuery: 'weather' } },
});

const snake = eventToSnakeCaseJson(event);
console.log('snake_case:', JSON.stringify(snake));
console.log('camelCase: ', JSON.stringify(eventToCamelCaseJson(event)));
const back = eventFromSnakeCaseJson(JSON.parse(JSON.stringify(snake)));
console.log('round trip equal:', isDeepStrictEqual(back, event));
console.log('final response:', isFinalResponse(back));
