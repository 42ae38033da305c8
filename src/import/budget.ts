// What an import may cost: how many allocations it takes, how much it reads
// from an agent and how long it waits. An agent is hostile until measured
// (a misconfigured proxy, or a host someone else controls), so each limit
// is checked while the work is done, and named in the message that stops it.

import { FILE_TEXT_BUDGET, TEXT_BUDGET, type TextBudget, grouped } from '../scenario/budget.ts';

/**
 * IMPORT_BUDGET are the import's limits, in one table so that the command
 * line, the page, the tests and the README agree on them.
 * - allocations is the simulator's budget (worker/budgets.ts): a job with
 *   more could be reconciled but not played, and fetching each one whole
 *   is a request apiece.
 * - bodyBytes bounds one answer once decompressed: a job, its versions,
 *   the list of 20,000 allocation stubs or 10,000 nodes with their
 *   resources each fit in a few megabytes, so 64 MiB is generous, and four
 *   times the 16 M characters the page reads of any text.
 * - totalBytes bounds all answers together (20,000 whole allocations, each
 *   carrying its job, come to a few hundred megabytes at most).
 * - requestSeconds bounds one request, headers and body; totalSeconds the
 *   whole import, which asks for the allocations `parallel` at a time.
 * - redirects is how many same-origin redirects are followed in a row, as
 *   Go's HTTP client (the nomad command's) stops after ten.
 */
export const IMPORT_BUDGET: FetchBudget = {
  allocations: 20_000,
  bodyBytes: 64 * 1024 * 1024,
  totalBytes: 256 * 1024 * 1024,
  requestSeconds: 10,
  totalSeconds: 60,
  parallel: 8,
  redirects: 10,
};

/**
 * BODY_TEXT_BUDGET is how a body's text is measured on the command line:
 * as many characters as IMPORT_BUDGET's bytes (a character takes at least
 * one), nested no deeper than the reader takes.
 */
export const BODY_TEXT_BUDGET: TextBudget = {
  chars: IMPORT_BUDGET.bodyBytes,
  depth: TEXT_BUDGET.depth,
  values: FILE_TEXT_BUDGET.values,
};

/** FetchBudget is the shape of IMPORT_BUDGET; tests pass smaller ones. */
export interface FetchBudget {
  allocations: number;
  bodyBytes: number;
  totalBytes: number;
  requestSeconds: number;
  totalSeconds: number;
  parallel: number;
  redirects: number;
}

/** mebibytes writes a byte limit as the MiB figure the README gives. */
export const mebibytes = (bytes: number): string => `${grouped(bytes / (1024 * 1024))} MiB`;

/** tooManyAllocations says why a list of `count` allocations is not imported ("25,000 allocations, 5,000 more than…"), or null when it may be. */
export function tooManyAllocations(count: number, limit = IMPORT_BUDGET.allocations): string | null {
  if (count <= limit) return null;
  return `${grouped(count)} allocations, ${grouped(count - limit)} more than the ${grouped(limit)} an import takes (the simulator's budget)`;
}
