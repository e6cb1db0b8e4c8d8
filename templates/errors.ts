/**
 * Every message the engine reports, in one place with a stable name each. Errors are values:
 * the engine collects them in a list and never throws them at the caller. The expression
 * messages follow the platform spec §8 word for word; tests assert these exact strings.
 */

/** Where an error arose: while compiling the source, or while rendering against data. */
export type ErrorStage = 'syntax' | 'render'

export interface TemplateError {
  /** Stable name from the catalogue below, e.g. `FORMATTER_UNKNOWN`. */
  code: ErrorCode
  stage: ErrorStage
  message: string
  /** Character offset in the template source, when known. */
  offset?: number
}

/** Message builders, keyed by the error's stable name. */
export const messages = {
  // Assembler: block structure.
  EOF_IN_BLOCK: (block: string) => `Unexpected end of file: the ${block} block was never closed with {.end}`,
  NOT_ALLOWED_AT_ROOT: (what: string) => `${what} is not allowed outside a block`,
  NOT_ALLOWED_IN_BLOCK: (what: string, block: string) => `${what} is not allowed inside a ${block} block`,
  DEAD_CODE: () => 'This {.or} block will never execute: it follows an {.or} without a predicate',

  // Expressions (platform spec §8, exact wording).
  INVALID_FUNCTION: (name: string) => `Invalid function ${name}`,
  FUNCTION_FAILED: (name: string) => `Error calling function ${name}`,
  INVALID_OPERANDS: (operator: string) => `Invalid arguments to operator ${operator}`,
  REDUCE_ERROR: () => 'Reduce error: unexpected token on stack',
  TOO_MANY_TOKENS: (n: number) => `Expression exceeds the maximum number of allowed tokens: ${n}`,
  STRING_TOO_LONG: (n: number) => `Concatenation would exceed maximum string length ${n}`,
  UNTERMINATED_STRING: () => 'Unterminated string',
  UNEXPECTED_CHAR: (position: number) => `Unexpected character at ${position}`,
  BARE_LINE_BREAK: (name: string) => `Illegal bare ${name} character in string literal`,
  HEX_DIGITS_EXPECTED: () => 'Expected digits after start of hex number',
  DUPLICATE_DECIMAL_POINT: () => 'Duplicate decimal point in number',
  EXPONENT_DIGIT_EXPECTED: () => 'Expected a digit after exponent in decimal number',
  DECIMAL_POINT_IN_EXPONENT: () => 'Unexpected decimal point in exponent',
  INVALID_HEX_ESCAPE: () => 'Invalid hex escape in string: expected \\x and 2 hex digits',
  INVALID_UNICODE_ESCAPE: () =>
    'Invalid unicode escape in string: expected \\u and 4, or \\U and 8, hex digits',
  MISMATCHED_OPERATOR: (op: string) => `Mismatched operator: unbalanced ${op}`,

  // Rendering.
  FORMATTER_UNKNOWN: (name: string) => `Unknown formatter '${name}': its output is left empty`,
  PREDICATE_UNKNOWN: (name: string) => `Unknown predicate '${name}': its block is left empty`,
  PARTIAL_MISSING: (name: string) => `Partial or macro '${name}' was not found`,
  PARTIAL_PARSE_FAILED: (name: string, reason: string) => `Partial '${name}' failed to parse: ${reason}`,
  PARTIAL_DEPTH: (name: string, limit: number) =>
    `Partial '${name}' not applied: partials and macros nest at most ${limit} deep`,
  PARTIAL_CALLS: (limit: number) => `Too many partial or macro applications in one render (limit ${limit})`,
  INTERNAL: (reason: string) => `Rendering stopped by an internal error: ${reason}`,
  VALUE_NOT_PRINTABLE: (reason: string) =>
    `A value in the data could not be printed (${reason}): its output is left empty; pass it through a formatter such as json`,
  RENDER_BUDGET: (budget: 'output' | 'work', limit: number) =>
    budget === 'output'
      ? `Rendering stopped: the page grew past ${limit} characters of output; render fewer items or shorter partials`
      : `Rendering stopped: the template did more than ${limit} units of work (instructions, formatter calls, loop iterations); look for macros or partials that apply each other many times`,

  // Any stage.
  NESTING_TOO_DEEP: (limit: number) =>
    `Blocks nest more than ${limit} deep (each {.or} of a chain counts one): the template is cut here; move inner parts into a macro or shorten the {.or} chain`,
  TOO_MANY_ERRORS: (dropped: number, limit: number) =>
    `${dropped} more error${dropped === 1 ? '' : 's'} left out: at most ${limit} are reported`,
  PLUGIN_FAILED: (kind: string, name: string, reason: string) => `The ${kind} '${name}' failed: ${reason}`,
  /** A name the platform lists but does not implement (platform.md section 5: `units-metric?`), worded as the reference words it. */
  NOT_IMPLEMENTED: (name: string) => `"${name}" formatter is not yet implemented`,
} as const

export type ErrorCode = keyof typeof messages

/**
 * At most `max` errors, then one `TOO_MANY_ERRORS` saying how many more there were (`dropped`
 * counts errors already left out upstream). `max` 0 means no cap. Returns `errors` itself
 * when nothing is cut.
 */
export function capErrors(
  errors: readonly TemplateError[],
  max: number,
  stage: ErrorStage,
  dropped = 0,
): TemplateError[] {
  if (max <= 0) return errors as TemplateError[]
  const extra = Math.max(0, errors.length - max) + dropped
  if (extra === 0) return errors as TemplateError[]
  const kept = errors.slice(0, max)
  kept.push(makeError('TOO_MANY_ERRORS', stage, messages.TOO_MANY_ERRORS(extra, max)))
  return kept
}

/** Builds an error value; `offset` is the source position when the caller knows it. */
export function makeError(
  code: ErrorCode,
  stage: ErrorStage,
  message: string,
  offset?: number,
): TemplateError {
  return offset === undefined ? { code, stage, message } : { code, stage, message, offset }
}
