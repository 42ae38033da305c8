// Budgets on JSON text: how long a text may be, how deep it may nest and
// how many values it may hold before the playground reads it, measuring a
// text against them, and parsing one within them.

import { depthOf, grouped } from '../hcl/budget.ts';

/** grouped is re-exported for the readers above the HCL package that word their budgets too. */
export { grouped };

/**
 * TEXT_BUDGET is what the reader takes on: a text's length in characters,
 * how deep its arrays and objects nest, and how many values it holds. Each is far above any scenario a person writes
 * (the deepest field the reader knows is under 80 levels down, a
 * 20,000-allocation cluster holds well under a million values), and each
 * keeps what comes after (the reader, jsonc-parser's recursion, the
 * browser's structured clone and JSON.stringify) well inside its own
 * limits, so no text can hang or crash the page. parseWithinBudget checks
 * them all while it parses.
 */
export const TEXT_BUDGET: TextBudget = { chars: 16 * 1024 * 1024, depth: 128, values: 2_000_000 };

/**
 * FILE_TEXT_BUDGET is the budget of a scenario file read on the command
 * line, where no page can freeze: as long a text as a JavaScript string can
 * hold and a hundred million values, nested no deeper than the page's
 * budget allows (the nesting limit guards the reader's recursion).
 */
export const FILE_TEXT_BUDGET: TextBudget = { chars: 2 ** 29 - 24, depth: TEXT_BUDGET.depth, values: 100_000_000 };

/** TextBudget is a limit on a text's length, nesting and number of values; tests pass smaller ones. */
export interface TextBudget {
  chars: number;
  depth: number;
  values: number;
}

/** TextMeasure is how long a JSON text is, how deep it nests and how many values it holds (strings, numbers, literals, arrays, objects), in a budget's terms. */
export type TextMeasure = TextBudget;

/**
 * measureJson measures a text in one pass over its characters, without
 * parsing it. Strings are skipped with indexOf, which the engine runs
 * natively, so the loop itself only sees punctuation, numbers and literals.
 * Brackets count depth. Values are counted from the separators: in JSON
 * every value but the first is either the first element of a non-empty
 * array or object or follows a comma, so the count is one (the document)
 * plus the commas plus the containers that hold anything.
 * Text that is not JSON is measured all the same; the parser judges it.
 */
export function measureJson(text: string): TextMeasure {
  let depth = 0;
  let deepest = 0;
  let commas = 0;
  let filled = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 34: // "
        i = closingQuote(text, i);
        blank = false;
        break;
      case 123: // {
      case 91: // [
        if (++depth > deepest) deepest = depth;
        if (!closesNext(text, i + 1)) filled++;
        blank = false;
        break;
      case 125: // }
      case 93: // ]
        depth--;
        break;
      case 44: // ,
        commas++;
        break;
      case 32:
      case 9:
      case 10:
      case 13:
        break;
      default:
        blank = false;
    }
  }
  return { chars: text.length, depth: deepest, values: blank ? 0 : 1 + commas + filled };
}

/**
 * closingQuote is the offset of the quote that ends the string opened at
 * `open`, or the text's length when the string never ends. A quote ends the
 * string unless an odd number of backslashes stands right before it.
 */
export function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote > 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

// closesNext tells whether the first non-blank character from `from` closes a container: the one just opened is empty.
function closesNext(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return c === 125 || c === 93;
  }
  return false;
}

/**
 * overBudget names the budget a text passes and by how much, as a
 * sentence without a subject ("nests 10,000 levels deep; …"), or null
 * when the text is within every budget. The length is checked first, so a
 * text far too long is never scanned.
 */
export function overBudget(text: string, budget: TextBudget = TEXT_BUDGET): string | null {
  if (text.length > budget.chars) return tooLong(text, budget);
  const m = measureJson(text);
  return nestsTooDeep(m.depth, budget) ?? holdsTooMany(m.values, budget);
}

// tooLong is overBudget's sentence for a text longer than the budget allows.
function tooLong(text: string, budget: TextBudget): string {
  return `is ${grouped(text.length)} characters long, ${grouped(text.length - budget.chars)} more than the ${grouped(budget.chars)} the playground reads`;
}

/** nestsTooDeep is the reader's sentence for a depth over the budget (overBudget's, and the import's), or null. */
export function nestsTooDeep(depth: number, budget: TextBudget): string | null {
  if (depth <= budget.depth) return null;
  return `nests ${grouped(depth)} levels deep, ${grouped(depth - budget.depth)} more than the ${grouped(budget.depth)} the playground reads`;
}

// holdsTooMany is overBudget's sentence for a number of values over the budget, or null.
function holdsTooMany(values: number, budget: TextBudget): string | null {
  if (values <= budget.values) return null;
  return `holds ${grouped(values)} values, ${grouped(values - budget.values)} more than the ${grouped(budget.values)} the playground reads`;
}

/**
 * BudgetedParse is a text parsed within a budget: its value, the sentence
 * overBudget gives for it, or the error with which JSON.parse refused a
 * text that is within the budget.
 */
export type BudgetedParse =
  { kind: 'value'; value: unknown } | { kind: 'over'; over: string } | { kind: 'syntax'; error: unknown };

/**
 * parseWithinBudget parses JSON text as overBudget and JSON.parse would
 * together, in less time. A text that cannot hold more values than the
 * budget allows is parsed first, which the browsers' parsers do without
 * recursing however deep the text nests, and its value's depth is measured
 * after, several times faster than scanning the text; anything the parser
 * refuses is measured as text, so a broken text over the budget is
 * reported as over it. Any other text is measured before it is parsed, so
 * a text with too many values is never parsed at all. `body` is what is
 * parsed, when it differs from the text measured (a text without its byte
 * order mark).
 */
export function parseWithinBudget(text: string, budget: TextBudget = TEXT_BUDGET, body = text): BudgetedParse {
  if (text.length > budget.chars) return { kind: 'over', over: tooLong(text, budget) };
  const parseFirst = cannotHoldMore(text, budget.values);
  if (!parseFirst) {
    const over = overBudget(text, budget);
    if (over !== null) return { kind: 'over', over };
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const over = parseFirst ? overBudget(text, budget) : null;
    return over === null ? { kind: 'syntax', error } : { kind: 'over', over };
  }
  const over = parseFirst ? nestsTooDeep(depthOf(value), budget) : null;
  return over === null ? { kind: 'value', value } : { kind: 'over', over };
}

/**
 * cannotHoldMore tells, without reading the text as JSON, that it holds no
 * more than `values` values. A short text cannot: every value but the last
 * takes at least two characters. A longer one cannot when it has few enough
 * commas and opening brackets, counted anywhere (strings included) by
 * indexOf, which the engine runs natively: every value but the first
 * follows a comma or is the first thing in an array or object. The count
 * stops as soon as it passes the limit.
 */
function cannotHoldMore(text: string, values: number): boolean {
  if (text.length <= 2 * (values - 1)) return true;
  let left = values - 1;
  for (const mark of [',', '{', '[']) {
    for (let i = text.indexOf(mark); i >= 0; i = text.indexOf(mark, i + 1)) if (--left < 0) return false;
  }
  return true;
}
