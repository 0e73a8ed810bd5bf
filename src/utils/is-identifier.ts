// Python's str.isidentifier(): a letter or underscore, then letters, digits, underscores.
const identifierPattern = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

/**
 * True when `name` is an identifier as Python's `str.isidentifier()` defines
 * it (a letter or underscore, then letters, digits and underscores, Unicode
 * included): the rule for agent and workflow node names.
 */
export function isIdentifier(name: string): boolean {
  return identifierPattern.test(name);
}
