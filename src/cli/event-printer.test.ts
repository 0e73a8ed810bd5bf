import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { EventPrinter } from './event-printer.js';

function printed(jsonl: boolean, response: Record<string, unknown>): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  new EventPrinter(out, { jsonl }).print(
    createEvent({
      invocationId: 'e-1',
      author: 'user',
      content: {
        role: 'user',
        parts: [{ functionResponse: { id: 'c1', name: 'adk_request_credential', response } }],
      },
    }),
  );
  return text;
}

const answer = {
  authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  exchangedAuthCredential: { authType: 'apiKey', apiKey: 'sekret' },
};

describe('EventPrinter and credential answers', () => {
  it('text mode says the request was answered, not with what', () => {
    expect(printed(false, answer)).toBe(
      '[user]: answered adk_request_credential (credential (hidden))\n',
    );
  });

  it('JSONL hides exchangedAuthCredential, or a bare credential whole', () => {
    const line = printed(true, answer);
    expect(line).not.toContain('sekret');
    expect(JSON.parse(line)).toMatchObject({
      content: {
        parts: [
          {
            functionResponse: {
              response: { authScheme: answer.authScheme, exchangedAuthCredential: '(hidden)' },
            },
          },
        ],
      },
    });
    const bare = printed(true, { authType: 'apiKey', apiKey: 'sekret' });
    expect(bare).not.toContain('sekret');
    expect(bare).toContain('"response":{"credential":"(hidden)"}');
  });
});
