import { describe, expect, it } from 'vitest';
import { NodeTimeoutError } from '../errors/node-timeout-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { RETRY_DEFAULTS, prepareRetryConfig } from './retry-config.js';
import { createNodeErrorEvent, errorCodeOf } from './node-error-event.js';
import { errorClassNames, getRetryDelay, shouldRetryNode } from './retry-policy.js';

class TransientError extends Error {}
class FlakyNetworkError extends TransientError {}

const attempt = (attemptCount: number) => ({ attemptCount });

describe('RetryConfig (004 §2, _retry_config.py)', () => {
  it('has the reference defaults', () => {
    expect(RETRY_DEFAULTS).toEqual({
      maxAttempts: 5,
      initialDelay: 1,
      maxDelay: 60,
      backoffFactor: 2,
      jitter: 1,
    });
  });

  it('reduces exception classes to names and leaves unset exceptions as "all"', () => {
    expect(
      prepareRetryConfig({ exceptions: ['TypeError', FlakyNetworkError, Error] }).exceptions,
    ).toEqual(['TypeError', 'FlakyNetworkError', 'Error']);
    expect(prepareRetryConfig({}).exceptions).toBeUndefined();
    expect(prepareRetryConfig({ exceptions: null }).exceptions).toBeUndefined();
    expect(() => prepareRetryConfig({ exceptions: [{}] as never })).toThrow(
      WorkflowConfigurationError,
    );
  });
});

describe('Retry decisions (004 §2, _retry_utils.py _should_retry_node)', () => {
  it('never retries without a config', () => {
    expect(shouldRetryNode(new Error('x'), undefined, attempt(1))).toBe(false);
  });

  it('retries any error until maxAttempts (the first attempt included, 5 by default)', () => {
    const config = prepareRetryConfig({});
    expect([1, 2, 3, 4, 5].map((n) => shouldRetryNode(new Error('x'), config, attempt(n)))).toEqual(
      [true, true, true, true, false],
    );
    const once = prepareRetryConfig({ maxAttempts: 1 });
    expect(shouldRetryNode(new Error('x'), once, attempt(1))).toBe(false);
    expect(
      shouldRetryNode(new Error('x'), prepareRetryConfig({ maxAttempts: 0 }), attempt(1)),
    ).toBe(false);
  });

  it('retries only the listed errors, matching ancestor classes too', () => {
    const config = prepareRetryConfig({ exceptions: [TransientError] });
    expect(shouldRetryNode(new FlakyNetworkError(), config, attempt(1))).toBe(true);
    expect(shouldRetryNode(new TypeError(), config, attempt(1))).toBe(false);
    const byName = prepareRetryConfig({ exceptions: ['NodeTimeoutError'] });
    expect(
      shouldRetryNode(new NodeTimeoutError({ nodeName: 'n', timeout: 1 }), byName, attempt(1)),
    ).toBe(true);
  });

  it('names an error by its class chain and name, without Object', () => {
    expect([...errorClassNames(new FlakyNetworkError())]).toEqual([
      'FlakyNetworkError',
      'TransientError',
      'Error',
    ]);
    expect([...errorClassNames(new NodeTimeoutError({ nodeName: 'n', timeout: 1 }))]).toContain(
      'AdkError',
    );
    expect([...errorClassNames('text')]).toEqual([]);
  });
});

describe('Retry delays (004 §2, _retry_utils.py _get_retry_delay)', () => {
  it('is 1 s without a config', () => {
    expect(getRetryDelay(undefined, attempt(3))).toBe(1);
  });

  it('grows by backoffFactor from initialDelay and stops at maxDelay without jitter', () => {
    const config = prepareRetryConfig({ jitter: 0 });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => getRetryDelay(config, attempt(n)))).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60,
    ]);
    const custom = prepareRetryConfig({
      jitter: 0,
      initialDelay: 0.5,
      backoffFactor: 3,
      maxDelay: 10,
    });
    expect([1, 2, 3, 4].map((n) => getRetryDelay(custom, attempt(n)))).toEqual([0.5, 1.5, 4.5, 10]);
  });

  it('spreads the delay uniformly by ±jitter·delay, capping before jitter so the bound holds', () => {
    const config = prepareRetryConfig({});
    expect(getRetryDelay(config, attempt(1), () => 0)).toBe(0);
    expect(getRetryDelay(config, attempt(1), () => 0.5)).toBe(1);
    expect(getRetryDelay(config, attempt(1), () => 0.75)).toBe(1.5);
    // 2^9 = 512 is capped at 60 / (1 + 1) = 30 first, so the widest draw still lands within 60.
    expect(getRetryDelay(config, attempt(10), () => 0.5)).toBe(30);
    expect(getRetryDelay(config, attempt(10), () => 0.999999)).toBeLessThanOrEqual(60);
    const spread = prepareRetryConfig({ initialDelay: 10, backoffFactor: 1, jitter: 0.5 });
    const draws = [0, 0.25, 0.5, 0.999].map((r) => getRetryDelay(spread, attempt(1), () => r));
    expect(draws.every((delay) => delay >= 5 && delay <= 15)).toBe(true);
    const half = prepareRetryConfig({ jitter: 0.5, maxDelay: 6 });
    expect(getRetryDelay(half, attempt(5), () => 0)).toBe(2);
  });
});

describe('Retry delays at the cap (_retry_utils.py, test_jitter_stays_under_max_delay_without_bunching_on_it)', () => {
  it('stays within maxDelay without piling the draws onto it', () => {
    const config = prepareRetryConfig({
      initialDelay: 1,
      backoffFactor: 2,
      maxDelay: 5,
      jitter: 1,
    });
    let seed = 20260807;
    // A fixed linear congruential sequence stands in for a seeded random source.
    const random = (): number => {
      seed = (seed * 1664525 + 1013904223) % 4294967296;
      return seed / 4294967296;
    };
    const delays = Array.from({ length: 2000 }, () => getRetryDelay(config, attempt(6), random));
    expect(Math.max(...delays)).toBeLessThanOrEqual(5);
    expect(delays.filter((delay) => delay > 5 - 1e-9).length / delays.length).toBeLessThan(0.01);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });

  it('retries every error when Error itself is listed', () => {
    const config = prepareRetryConfig({ exceptions: [Error] });
    expect(shouldRetryNode(new RangeError('x'), config, attempt(1))).toBe(true);
    expect(
      shouldRetryNode(new NodeTimeoutError({ nodeName: 'n', timeout: 1 }), config, attempt(1)),
    ).toBe(true);
  });
});

describe('NodeTimeoutError (004 §2, _errors.py)', () => {
  it('names the node and the limit with Python’s message', () => {
    const error = new NodeTimeoutError({ nodeName: 'slow', timeout: 5 });
    expect(error.message).toBe("Node 'slow' timed out after 5.0 seconds.");
    expect(error).toMatchObject({ name: 'NodeTimeoutError', nodeName: 'slow', timeout: 5 });
    expect(NodeTimeoutError.isInstance(error)).toBe(true);
    expect(new NodeTimeoutError({ nodeName: 'n', timeout: 0.25 }).message).toContain(
      '0.25 seconds',
    );
  });
});

describe('Failed-attempt error events (004 §2 NodeRunner.run, §4)', () => {
  it('carries the error’s class name as errorCode and its message', () => {
    const event = createNodeErrorEvent(new FlakyNetworkError('socket closed'), {
      author: 'fetch',
      invocationId: 'e-1',
    });
    expect(event).toMatchObject({
      author: 'fetch',
      invocationId: 'e-1',
      errorCode: 'FlakyNetworkError',
      errorMessage: 'socket closed',
    });
    expect(errorCodeOf(new NodeTimeoutError({ nodeName: 'n', timeout: 1 }))).toBe(
      'NodeTimeoutError',
    );
    expect(errorCodeOf(new TypeError('x'))).toBe('TypeError');
    expect(createNodeErrorEvent('plain', { author: 'n' })).toMatchObject({
      errorCode: 'string',
      errorMessage: 'plain',
    });
  });
});
