import { describe, expect, it } from 'vitest';
import { createEventActions, isDefaultEventActions } from './event-actions.js';

describe('createEventActions / isDefaultEventActions', () => {
  it('knows the actions createEventActions makes, and nothing else, as the defaults', () => {
    expect(isDefaultEventActions(createEventActions())).toBe(true);
    expect(isDefaultEventActions({ ...createEventActions(), escalate: undefined })).toBe(true);
    expect(isDefaultEventActions(createEventActions({ escalate: false }))).toBe(false);
    expect(isDefaultEventActions(createEventActions({ stateDelta: { k: null } }))).toBe(false);
    const { artifactDelta: _dropped, ...missing } = createEventActions();
    expect(isDefaultEventActions(missing as ReturnType<typeof createEventActions>)).toBe(false);
    const polluted = JSON.parse(
      '{"stateDelta":{},"artifactDelta":{},"requestedAuthConfigs":{},"requestedToolConfirmations":{"__proto__":{}}}',
    ) as ReturnType<typeof createEventActions>;
    expect(isDefaultEventActions(polluted)).toBe(false);
  });
});
