/** What an id typed in the Eval tab may be, and how to say so. */
export interface IdRule {
  pattern: RegExp;
  /** Completes "<label> may contain only …". */
  allowed: string;
}

/**
 * An eval set id: the server's stores (like adk-python's) take letters,
 * digits and `_` only, since the id names the `<id>.evalset.json` file.
 */
export const EVAL_SET_ID_RULE: IdRule = {
  pattern: /^[a-zA-Z0-9_]+$/,
  allowed: 'letters, digits and "_" (no spaces, "." or "-")',
};

/**
 * An eval case id: what the server's eval routes take in their paths
 * (1 to 255 letters, digits, `_`, `.` and `-`, without `..`).
 */
export const EVAL_CASE_ID_RULE: IdRule = {
  pattern: /^(?!.*\.\.)[A-Za-z0-9_.-]{1,255}$/,
  allowed: 'letters, digits, "_", "." and "-" (no spaces or "..", at most 255)',
};
