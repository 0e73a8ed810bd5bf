/**
 * Makes packages impossible to resolve, as if they were not installed, for
 * the tests of the errors that name missing optional packages:
 *   ADK_TEST_HIDDEN_PACKAGES=kysely,pg node --import ./test/sessions/hide-packages.mjs …
 * (or through NODE_OPTIONS). An import of a hidden package fails as Node's
 * own resolution fails for a package that is absent: ERR_MODULE_NOT_FOUND.
 */
import { register } from 'node:module';
import process from 'node:process';

const hooks = `
let hidden = new Set();
export function initialize(names) {
  hidden = new Set(names);
}
export async function resolve(specifier, context, nextResolve) {
  if (hidden.has(specifier)) {
    const error = new Error(
      "Cannot find package '" + specifier + "' imported from " + context.parentURL,
    );
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}
`;

const names = (process.env.ADK_TEST_HIDDEN_PACKAGES ?? '').split(',').filter(Boolean);
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: names });
