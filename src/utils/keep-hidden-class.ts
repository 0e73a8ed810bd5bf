/*
 * V8 gives objects of one shape a hidden class (a "map"), and optimised code
 * is built around the hidden classes it met. A hidden class reached only by
 * adding fields (every class instance's, after its constructor ran) is held by
 * its objects alone: when a full garbage collection finds none alive, it
 * collects the hidden class and throws away every piece of optimised code that
 * depended on it. Objects made per invocation (its context, its spans) are all
 * gone between invocations, so a collection while the process is idle (V8's
 * memory reducer runs them then) would discard the optimised hot path, to be
 * compiled again by the next requests. Measured: the flow's and the Runner's
 * generators, recompiled after every idle collection.
 */
const kept: object[] = [];

/**
 * Keeps `sample` reachable for the life of the process, so that the hidden
 * class it shares with the short-lived objects of its kind is never collected
 * (see above). For classes whose instances hot code meets and that are all
 * short-lived; one sample per class, made by the same constructor.
 */
export function keepHiddenClass(sample: object): void {
  kept.push(sample);
}
