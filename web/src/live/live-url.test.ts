import { describe, expect, it } from 'vitest';
import { liveUrl } from './live-url';

describe('liveUrl', () => {
  const target = { appName: 'voice_app', userId: 'me & you', sessionId: 's-1' };

  it('points at /run_live on the same host with the reference query parameters', () => {
    const url = new URL(liveUrl({ protocol: 'http:', host: '127.0.0.1:8000' }, target));
    expect(url.protocol).toBe('ws:');
    expect(url.host).toBe('127.0.0.1:8000');
    expect(url.pathname).toBe('/run_live');
    expect(url.searchParams.get('app_name')).toBe('voice_app');
    expect(url.searchParams.get('user_id')).toBe('me & you');
    expect(url.searchParams.get('session_id')).toBe('s-1');
    expect(url.searchParams.getAll('modalities')).toEqual(['AUDIO']);
  });

  it('uses wss for an https page and repeats modalities', () => {
    const url = new URL(
      liveUrl(
        { protocol: 'https:', host: 'adk.example' },
        { ...target, modalities: ['TEXT', 'AUDIO'] },
      ),
    );
    expect(url.protocol).toBe('wss:');
    expect(url.searchParams.getAll('modalities')).toEqual(['TEXT', 'AUDIO']);
  });
});
