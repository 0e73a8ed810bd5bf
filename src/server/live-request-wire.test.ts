import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../errors/request-validation-error.js';
import { parseLiveRequestFrame } from './live-request-wire.js';

describe('parseLiveRequestFrame', () => {
  it('reads a partial content frame with its flag, and omits absent fields', () => {
    const frame = JSON.stringify({
      content: { role: 'user', parts: [{ text: 'price 10' }] },
      partial: true,
    });
    expect(parseLiveRequestFrame(frame)).toEqual({
      content: { role: 'user', parts: [{ text: 'price 10' }] },
      partial: true,
    });
  });

  it('reads snake_case blobs and activity markers', () => {
    expect(
      parseLiveRequestFrame(JSON.stringify({ blob: { mime_type: 'audio/pcm', data: 'AAAA' } })),
    ).toEqual({ blob: { mimeType: 'audio/pcm', data: 'AAAA' } });
    expect(parseLiveRequestFrame(JSON.stringify({ activity_start: {} }))).toEqual({
      activityStart: {},
    });
  });

  it('reads audio_stream_end and a state_delta, keeping the state keys as written', () => {
    expect(parseLiveRequestFrame(JSON.stringify({ audio_stream_end: true }))).toEqual({
      audioStreamEnd: true,
    });
    expect(
      parseLiveRequestFrame(
        JSON.stringify({ state_delta: { user_name: 'Ana', 'app:theme': { dark_mode: true } } }),
      ),
    ).toEqual({ stateDelta: { user_name: 'Ana', 'app:theme': { dark_mode: true } } });
    expect(
      parseLiveRequestFrame(
        JSON.stringify({ content: { parts: [{ text: 'hi' }] }, stateDelta: { step: 1 } }),
      ),
    ).toEqual({ content: { parts: [{ text: 'hi' }] }, stateDelta: { step: 1 } });
  });

  it('refuses a state_delta that is not an object, naming the field', () => {
    let caught: unknown;
    try {
      parseLiveRequestFrame(JSON.stringify({ state_delta: [1] }));
    } catch (error) {
      caught = error;
    }
    expect(RequestValidationError.isInstance(caught)).toBe(true);
    expect(String((caught as Error).message)).toContain('stateDelta');
  });

  it('refuses a frame that asks for nothing, naming the fields it may carry', () => {
    let caught: unknown;
    try {
      parseLiveRequestFrame(JSON.stringify({ partial: true }));
    } catch (error) {
      caught = error;
    }
    expect(RequestValidationError.isInstance(caught)).toBe(true);
    expect(String((caught as Error).message)).toContain('content, blob');
  });
});
