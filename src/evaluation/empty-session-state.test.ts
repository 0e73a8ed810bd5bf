import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { createEmptyState } from './empty-session-state.js';

describe('createEmptyState (create_empty_state)', () => {
  it('has an empty string for each {key} of the tree, optional and artifact placeholders left out', () => {
    const helper = new LlmAgent({
      name: 'helper',
      instruction: 'Use {city} and {units?} and {artifact.notes}.',
    });
    const dynamic = new LlmAgent({ name: 'dynamic', instruction: () => '{ignored}' });
    const root = new SequentialAgent({
      name: 'root',
      subAgents: [
        new LlmAgent({
          name: 'greeter',
          instruction: 'Hi {user_name}, {city}',
          subAgents: [helper],
        }),
        dynamic,
      ],
    });
    expect(createEmptyState(root)).toEqual({ user_name: '', city: '' });
    expect(createEmptyState(root, { city: 'Paris' })).toEqual({ user_name: '' });
  });
});
