import { describe, expect, it } from 'vitest';
import {
  user,
  model,
  event,
  agentNamed,
  processContents,
  call,
  response,
} from './contents-test-fixtures.js';

describe('contents processor: instruction-related contents (spec 000 §3.6 step 3)', () => {
  const instruction = user('Dynamic instruction');

  it('puts them before the trailing run of user contents', async () => {
    const events = [
      event('inv1', 'user', user('Hi')),
      event('inv1', 'test_agent', model('Hello')),
      event('inv2', 'user', user('First part')),
      event('inv2', 'user', user('Second part')),
    ];
    const contents = await processContents(agentNamed('test_agent'), events, {
      contents: [instruction],
    });
    expect(contents).toEqual([
      user('Hi'),
      model('Hello'),
      instruction,
      user('First part'),
      user('Second part'),
    ]);
    expect(contents[2]).toBe(instruction);
  });

  it('puts them after a user content holding a function response', async () => {
    const events = [
      event('inv1', 'user', user('Call it')),
      event('inv1', 'test_agent', model([call('c1')])),
      event('inv1', 'test_agent', { role: 'user', parts: [response('c1')] }),
    ];
    const contents = await processContents(agentNamed('test_agent'), events, {
      contents: [instruction],
    });
    expect(contents.at(-1)).toBe(instruction);
    expect(contents).toHaveLength(4);
  });

  it('puts them at the end after a model content, and alone when there is no history', async () => {
    const events = [event('inv1', 'user', user('Hi')), event('inv1', 'test_agent', model('Hello'))];
    expect(
      await processContents(agentNamed('test_agent'), events, { contents: [instruction] }),
    ).toEqual([user('Hi'), model('Hello'), instruction]);
    expect(
      await processContents(agentNamed('test_agent'), [], { contents: [instruction] }),
    ).toEqual([instruction]);
  });

  it('puts them first when every content is a plain user content', async () => {
    const events = [event('inv1', 'user', user('Only the user'))];
    expect(
      await processContents(agentNamed('test_agent'), events, { contents: [instruction] }),
    ).toEqual([instruction, user('Only the user')]);
  });
});
