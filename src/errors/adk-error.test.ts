import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AdkError } from './adk-error.js';

describe('AdkError', () => {
  it('shows remote clients its message unless it was given a public one', () => {
    expect(new AdkError({ name: 'E', message: 'plain' }).publicMessage).toBe('plain');
    const hidden = new AdkError({
      name: 'E',
      message: 'failed on postgresql://u@db.internal:5432/prod',
      publicMessage: 'A database operation failed.',
    });
    expect(hidden.message).toBe('failed on postgresql://u@db.internal:5432/prod');
    expect(hidden.publicMessage).toBe('A database operation failed.');
  });

  it('prints without repeating the public message', () => {
    const error = new AdkError({ name: 'E', message: 'inner', publicMessage: 'outer text' });
    expect(inspect(error)).not.toContain('outer text');
  });

  it('is recognised across copies by its marker', () => {
    expect(AdkError.isInstance(new AdkError({ name: 'E', message: 'm' }))).toBe(true);
    expect(AdkError.isInstance(new Error('m'))).toBe(false);
  });
});
