// What an import may cost: how many allocations it takes, how much it reads
// from an agent and how long it waits. An agent is hostile until measured
// (a misconfigured proxy, or a host someone else controls), so each limit
// is checked while the work is done, and named in the message that stops it.

import { type BudgetedParse, TEXT_BUDGET, grouped, measureJson, nestsTooDeep } from '../scenario/budget.ts';

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
 * - totalBytes bounds all answers together: 20,000 whole allocations, each
 *   carrying its job, come to 120 MB at the 6 KB of the API
 *   documentation's example.
 * - values bounds the JSON values (strings, numbers, objects…) of all
 *   bodies together, what their parsed form costs: a whole allocation
 *   holds a few hundred, and ten million empty objects, the costliest,
 *   take under a gigabyte (22 million in one answer took 2.9 GB).
 * - requestSeconds bounds one request, headers and body; totalSeconds the
 *   whole import, which asks for the allocations `parallel` at a time.
 * - redirects is how many same-origin redirects are followed in a row, as
 *   Go's HTTP client (the nomad command's) stops after ten.
 */
export const IMPORT_BUDGET: FetchBudget = {
  allocations: 20_000,
  bodyBytes: 64 * 1024 * 1024,
  totalBytes: 256 * 1024 * 1024,
  values: 10_000_000,
  requestSeconds: 10,
  totalSeconds: 60,
  parallel: 8,
  redirects: 10,
};

/** FetchBudget is the shape of IMPORT_BUDGET; tests pass smaller ones. */
export interface FetchBudget {
  allocations: number;
  bodyBytes: number;
  totalBytes: number;
  values: number;
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

/**
 * parseBody measures a body's text before parsing it: its length, how deep
 * it nests, and its values added to those of the bodies the import read
 * before (`spent`, which it updates), so that no body is parsed that the
 * budget would refuse.
 */
export function parseBody(text: string, spent: { values: number }, budget: FetchBudget = IMPORT_BUDGET): BudgetedParse {
  if (text.length > budget.bodyBytes)
    return {
      kind: 'over',
      over: `is ${grouped(text.length)} characters long, ${grouped(text.length - budget.bodyBytes)} more than the ${grouped(budget.bodyBytes)} an import reads of one body`,
    };
  const m = measureJson(text);
  const deep = nestsTooDeep(m.depth, TEXT_BUDGET);
  if (deep !== null) return { kind: 'over', over: deep };
  const total = spent.values + m.values;
  if (total > budget.values)
    return {
      kind: 'over',
      over: `holds ${grouped(m.values)} values, which bring the import to ${grouped(total)}, ${grouped(total - budget.values)} more than the ${grouped(budget.values)} an import reads in all`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'syntax', error };
  }
  spent.values = total;
  return { kind: 'value', value };
}
