import { describe, expect, it } from 'vitest';
import type { WireEvent, WirePart } from '../api/types';
import { applyEvent, chatItems, EMPTY_CHAT, pendingCalls, type ChatEvents } from './chat-model';

let counter = 0;
function event(author: string, parts: WirePart[], fields: Partial<WireEvent> = {}): WireEvent {
  counter += 1;
  return {
    id: `e${counter}`,
    invocationId: 'inv-1',
    author,
    timestamp: counter,
    content: { role: author === 'user' ? 'user' : 'model', parts },
    ...fields,
  };
}

function texts(chat: ChatEvents): string[] {
  return chatItems(chat).flatMap((item) =>
    item.kind === 'message'
      ? item.blocks.flatMap((block) => (block.kind === 'text' ? [block.text] : []))
      : [],
  );
}

describe('applyEvent and chatItems', () => {
  it('grows one bubble from partial events, then replaces it with the final event', () => {
    let chat = applyEvent(EMPTY_CHAT, event('user', [{ text: 'weather?' }]));
    chat = applyEvent(chat, event('agent', [{ text: 'Sunny ' }], { partial: true }));
    chat = applyEvent(chat, event('agent', [{ text: 'today.' }], { partial: true }));
    const streaming = chatItems(chat);
    expect(streaming).toHaveLength(2);
    expect(streaming[1]).toMatchObject({ kind: 'message', streaming: true, author: 'agent' });
    expect(texts(chat)).toEqual(['weather?', 'Sunny today.']);

    chat = applyEvent(chat, event('agent', [{ text: 'Sunny today.' }]));
    expect(chat.partials).toEqual([]);
    expect(texts(chat)).toEqual(['weather?', 'Sunny today.']);
    expect(chatItems(chat).every((item) => item.kind !== 'message' || !item.streaming)).toBe(true);
  });

  it('keeps the partials of other authors and invocations', () => {
    let chat = applyEvent(EMPTY_CHAT, event('a', [{ text: 'A1' }], { partial: true }));
    chat = applyEvent(chat, event('b', [{ text: 'B1' }], { partial: true }));
    chat = applyEvent(chat, event('a', [{ text: 'A1' }]));
    expect(chat.partials.map((partial) => partial.author)).toEqual(['b']);
    expect(texts(chat)).toEqual(['A1', 'B1']);
  });

  it('collects thoughts apart from the text while streaming', () => {
    let chat = applyEvent(
      EMPTY_CHAT,
      event('a', [{ text: 'hmm', thought: true }], { partial: true }),
    );
    chat = applyEvent(chat, event('a', [{ text: 'Answer' }], { partial: true }));
    const [item] = chatItems(chat);
    expect(item).toMatchObject({
      blocks: [
        { kind: 'thought', text: 'hmm' },
        { kind: 'text', text: 'Answer' },
      ],
    });
  });

  it('replaces a final event that arrives again with the same id', () => {
    const first = event('a', [{ text: 'one' }]);
    const chat = applyEvent(applyEvent(EMPTY_CHAT, first), {
      ...first,
      content: { parts: [{ text: 'two' }] },
    });
    expect(texts(chat)).toEqual(['two']);
  });

  it('attaches function responses to their calls', () => {
    let chat = applyEvent(
      EMPTY_CHAT,
      event('a', [{ functionCall: { id: 'c1', name: 'f', args: { x: 1 } } }]),
    );
    chat = applyEvent(
      chat,
      event('a', [{ functionResponse: { id: 'c1', name: 'f', response: { ok: true } } }]),
    );
    const items = chatItems(chat);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      blocks: [
        {
          kind: 'call',
          call: { name: 'f' },
          response: { response: { ok: true } },
          awaitingUser: false,
        },
      ],
    });
  });

  it('shows a response without its call on its own', () => {
    const chat = applyEvent(
      EMPTY_CHAT,
      event('a', [{ functionResponse: { id: 'zz', name: 'f', response: {} } }]),
    );
    expect(chatItems(chat)[0]).toMatchObject({ blocks: [{ kind: 'response' }] });
  });

  it('marks unanswered long-running calls as awaiting the user, until answered', () => {
    const callEvent = event('a', [{ functionCall: { id: 'lr', name: 'ask', args: {} } }], {
      longRunningToolIds: ['lr'],
    });
    let chat = applyEvent(EMPTY_CHAT, callEvent);
    expect(pendingCalls(chat)).toEqual([
      { call: { id: 'lr', name: 'ask', args: {} }, eventId: callEvent.id },
    ]);
    chat = applyEvent(
      chat,
      event('user', [{ functionResponse: { id: 'lr', name: 'ask', response: { ok: 1 } } }]),
    );
    expect(pendingCalls(chat)).toEqual([]);
    expect(chatItems(chat)).toHaveLength(1);
  });

  it('leaves out what a rewind took out of the conversation', () => {
    const finals = [
      event('user', [{ text: 'first' }], { invocationId: 'A' }),
      event('user', [{ text: 'second' }], { invocationId: 'B' }),
      event('agent', [{ text: 'answer two' }], { invocationId: 'B' }),
      { ...event('user', [], { invocationId: 'R' }), actions: { rewindBeforeInvocationId: 'B' } },
      event('user', [{ text: 'third' }], { invocationId: 'C' }),
    ];
    expect(texts({ finals, partials: [] })).toEqual(['first', 'third']);
  });

  it('shows transfers, escalations and event errors', () => {
    let chat = applyEvent(
      EMPTY_CHAT,
      event('root', [], { actions: { transferToAgent: 'helper' } }),
    );
    chat = applyEvent(chat, event('helper', [], { errorCode: 'SAFETY', errorMessage: 'blocked' }));
    chat = applyEvent(chat, event('helper', [{ text: 'done' }], { actions: { escalate: true } }));
    const items = chatItems(chat);
    expect(items.map((item) => item.kind)).toEqual(['transfer', 'message', 'message', 'escalate']);
    expect(items[0]).toMatchObject({ from: 'root', to: 'helper' });
    expect(items[1]).toMatchObject({ error: 'SAFETY: blocked', blocks: [] });
  });
});

describe('chatItems on live events', () => {
  it('shows finished transcriptions as speech, not partial pieces, and never raw PCM parts', () => {
    let chat = applyEvent(EMPTY_CHAT, {
      ...event('user', []),
      content: undefined,
      partial: true,
      inputTranscription: { text: 'What is' },
    });
    chat = applyEvent(chat, {
      ...event('user', []),
      content: undefined,
      inputTranscription: { text: 'What is the weather?', finished: true },
    });
    chat = applyEvent(
      chat,
      event('agent', [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data: 'AAAA' } }]),
    );
    chat = applyEvent(chat, {
      ...event('agent', []),
      content: undefined,
      outputTranscription: { text: 'Sunny.', finished: true },
    });
    const items = chatItems(chat);
    expect(
      items.map((item) =>
        item.kind === 'message' ? [item.author, item.blocks.map((block) => block.kind)] : [],
      ),
    ).toEqual([
      ['user', ['speech']],
      ['agent', ['speech']],
    ]);
    expect(items[0]).toMatchObject({ blocks: [{ kind: 'speech', text: 'What is the weather?' }] });
  });

  it('still shows other inline media', () => {
    const chat = applyEvent(
      EMPTY_CHAT,
      event('agent', [{ inlineData: { mimeType: 'audio/wav', data: 'AAAA' } }]),
    );
    expect(chatItems(chat)[0]).toMatchObject({
      blocks: [{ kind: 'media', mimeType: 'audio/wav' }],
    });
  });
});

describe('credential requests', () => {
  it('name the tool whose call asked, and wait for the user until answered', () => {
    let chat = applyEvent(
      EMPTY_CHAT,
      event('agent', [{ functionCall: { id: 't1', name: 'get_report', args: {} } }]),
    );
    const request = {
      functionCall: {
        id: 'r1',
        name: 'adk_request_credential',
        args: { functionCallId: 't1', authConfig: {} },
      },
    };
    chat = applyEvent(chat, event('agent', [request], { longRunningToolIds: ['r1'] }));
    const block = () =>
      chatItems(chat)
        .flatMap((item) => (item.kind === 'message' ? item.blocks : []))
        .find((candidate) => candidate.kind === 'call' && candidate.call.id === 'r1');
    expect(block()).toMatchObject({ requestedBy: 'get_report', awaitingUser: true });
    chat = applyEvent(
      chat,
      event('user', [
        { functionResponse: { id: 'r1', name: 'adk_request_credential', response: {} } },
      ]),
    );
    expect(block()).toMatchObject({ requestedBy: 'get_report', awaitingUser: false });
  });
});
