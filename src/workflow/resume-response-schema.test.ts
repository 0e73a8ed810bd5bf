import { describe, expect, it } from 'vitest';
import { ResumeInputValidationError } from '../errors/resume-input-validation-error.js';
import { validateResumeResponse } from './resume-response-schema.js';

describe('Resume answers against response_schema (issue 17 §5, _rehydration_utils.py _validate_resume_response)', () => {
  it('coerces scalars as pydantic lax mode does', () => {
    expect(validateResumeResponse('i', '3', { type: 'integer' })).toBe(3);
    expect(validateResumeResponse('i', 2.0, { type: 'integer' })).toBe(2);
    expect(validateResumeResponse('i', '2.5', { type: 'number' })).toBe(2.5);
    expect(validateResumeResponse('i', 'yes', { type: 'boolean' })).toBe(true);
    expect(validateResumeResponse('i', 0, { type: 'boolean' })).toBe(false);
    expect(validateResumeResponse('i', ['a'], { type: 'array' })).toEqual(['a']);
  });

  it('checks required properties, coerces each and fills missing optional ones with null', () => {
    const schema = {
      type: 'object',
      properties: { approved: { type: 'boolean' }, note: { type: 'string' } },
      required: ['approved'],
    };
    expect(validateResumeResponse('i', { approved: 'true' }, schema)).toEqual({
      approved: true,
      note: null,
    });
    expect(() => validateResumeResponse('i', { note: 'x' }, schema)).toThrow(
      "Validation failed for interrupt i: field 'approved' is required",
    );
  });

  it('rejects what cannot be coerced, naming the interrupt; leaves complex schemas unchecked', () => {
    let caught: unknown;
    try {
      validateResumeResponse('ask-1', 'many', { type: 'integer' });
    } catch (error) {
      caught = error;
    }
    expect(ResumeInputValidationError.isInstance(caught)).toBe(true);
    expect((caught as ResumeInputValidationError).interruptId).toBe('ask-1');
    expect(() => validateResumeResponse('i', 5, { type: 'string' })).toThrow(
      ResumeInputValidationError,
    );
    expect(validateResumeResponse('i', 'x', { anyOf: [{ type: 'integer' }] })).toBe('x');
    expect(validateResumeResponse('i', 'x', null)).toBe('x');
  });
});
