import { describe, expect, it } from 'vitest';
import { parseSessionFile } from './session-import';

describe('parseSessionFile', () => {
  const event = { id: 'e1', invocationId: 'i', author: 'user', timestamp: 1 };

  it('reads an exported session: its state and events', () => {
    expect(
      parseSessionFile(JSON.stringify({ id: 's', appName: 'a', state: { k: 1 }, events: [event] })),
    ).toEqual({ state: { k: 1 }, events: [event] });
  });

  it('reads a bare array of events', () => {
    expect(parseSessionFile(JSON.stringify([event]))).toEqual({ events: [event] });
  });

  it('says what is wrong with a file it cannot import', () => {
    expect(() => parseSessionFile('{')).toThrow(/not JSON/);
    expect(() => parseSessionFile('3')).toThrow(/Expected a session object/);
    expect(() => parseSessionFile('{"state": [1]}')).toThrow('"state" must be a JSON object.');
    expect(() => parseSessionFile('{"events": {}}')).toThrow('"events" must be an array.');
    expect(() => parseSessionFile('{"events": [{"id": "x"}]}')).toThrow('Event 0 has no "author".');
    expect(() => parseSessionFile('[null]')).toThrow('Event 0 is not an object.');
    expect(() => parseSessionFile('{"id": "s"}')).toThrow('neither "state" nor "events"');
  });
});
