// Upstream: hashicorp/nomad command/job_plan.go at dccea99f7e (Run,
// formatDryRun, formatJobModifyIndex and the group header of
// formatTaskGroupDiff).
//
// `nomad job plan` printed whole, as the command prints it at once: the job
// diff with each group's counts in its header, the scheduler's dry-run
// ("All tasks successfully allocated." or the groups that did not fit),
// and the job modify index with the `nomad job run -check-index` line. As
// styled segments (the CLI's colours), so that the page colours it and the
// command line prints its text.

import { type DiffBlock, formatJobDiff, type Segment } from '../diff/format.ts';
import type { DiffReport } from '../diff/report.ts';
import type { PlacementFailure } from './failure.ts';
import type { ResultDocument } from './document.ts';
import { type PlanKind, planLines } from './plan.ts';
import { clientUpdateSections } from './clientUpdates.ts';

/** PlanColor is a colour of the whole plan: the diff's, and blue for migrations. */
export type PlanColor = Segment['color'] | 'blue';

/** PlanSegment is a run of the plan's text in one style. */
export interface PlanSegment {
  text: string;
  color: PlanColor;
  bold: boolean;
}

// The colour formatTaskGroupDiff gives each kind of count (ignore has none).
const COUNT_COLORS: Record<PlanKind, PlanColor> = {
  ignore: null,
  create: 'green',
  destroy: 'red',
  migrate: 'blue',
  inplace: 'cyan',
  update: 'yellow',
  canary: 'light_yellow',
};

const plain = (text: string): PlanSegment => ({ text, color: null, bold: false });

/** CHECK_INDEX_HELP is upstream's jobModifyIndexHelp, with the index and the path to fill in. */
function checkIndexHelp(index: number, path: string): string {
  return (
    'To submit the job with version verification run:\n\n' +
    `nomad job run -check-index ${index} ${path}\n\n` +
    'When running the job with the check-index flag, the job will only be run if the\n' +
    'job modify index given matches the server-side version. If the index has\n' +
    "changed, another user has modified the job and the plan's results are\n" +
    'potentially invalid.'
  );
}

/** allocMetricLines are a placement failure's metrics as formatAllocMetrics prints them, each line after `indent`. */
export function allocMetricLines(f: PlacementFailure, indent: string): string[] {
  const lines: string[] = [];
  if (f.NodesEvaluated === 0) lines.push(`${indent}* No nodes were eligible for evaluation`);
  for (const [dc, n] of Object.entries(f.NodesAvailable))
    if (n === 0) lines.push(`${indent}* No nodes are available in datacenter ${JSON.stringify(dc)}`);
  if (f.NodesExhausted > 0) lines.push(`${indent}* Resources exhausted on ${f.NodesExhausted} nodes`);
  for (const [dim, n] of Object.entries(f.DimensionExhausted))
    lines.push(`${indent}* Dimension ${JSON.stringify(dim)} exhausted on ${n} nodes`);
  return lines;
}

// groupCounts are a group's counts for its diff header: " (1 create, 3 ignore)".
function groupCounts(doc: ResultDocument): Map<string, PlanSegment[]> {
  const out = new Map<string, PlanSegment[]>();
  for (const g of planLines(doc)) {
    if (g.counts.length === 0) continue;
    const segs: PlanSegment[] = [plain(' (')];
    g.counts.forEach((c, i) => {
      if (i > 0) segs.push(plain(', '));
      segs.push({ text: `${c.count} ${c.label}`, color: COUNT_COLORS[c.kind], bold: false });
    });
    segs.push(plain(')'));
    out.set(g.group, segs);
  }
  return out;
}

// withCounts puts each group's counts after the `Task Group: "name"` of its diff block.
function withCounts(blocks: readonly DiffBlock[], counts: ReadonlyMap<string, PlanSegment[]>): PlanSegment[] {
  const out: PlanSegment[] = [];
  for (const b of blocks) {
    const extra = b.kind === 'group' && b.group !== null ? counts.get(b.group) : undefined;
    let done = extra === undefined;
    for (const s of b.segments) {
      out.push(s);
      if (!done && s.bold && s.text.startsWith('Task Group: ')) {
        out.push(...extra!);
        done = true;
      }
    }
  }
  return out;
}

// dryRun is formatDryRun's text for a plan without a rolling-update
// evaluation or a periodic launch: each group that did not fit, its metrics
// each on a line, groups apart as upstream's string building leaves them.
function dryRun(failures: readonly PlacementFailure[], system: boolean): PlanSegment[] {
  if (failures.length === 0) return [{ text: '- All tasks successfully allocated.', color: 'green', bold: true }];
  const what = system ? 'Failed to place allocations on all nodes.' : 'Failed to place all allocations.';
  const sorted = [...failures].sort((a, b) => (a.TaskGroup < b.TaskGroup ? -1 : a.TaskGroup > b.TaskGroup ? 1 : 0));
  let body = '';
  for (const f of sorted) {
    const noun = f.Failed > 1 ? 'allocations' : 'allocation';
    body += `  Task Group ${JSON.stringify(f.TaskGroup)} (failed to place ${f.Failed} ${noun}):\n`;
    body +=
      allocMetricLines(f, '    ')
        .map((l) => `${l}\n`)
        .join('') + '\n\n';
  }
  // Upstream trims one newline for want of a rolling update, then one more at the end.
  body = body.slice(0, -2);
  return [
    { text: `- WARNING: ${what}\n`, color: 'yellow', bold: true },
    { text: body, color: 'yellow', bold: false },
  ];
}

/** WholePlanInput is what the whole plan is made of. */
export interface WholePlanInput {
  document: ResultDocument;
  /** diff is the job diff against the version most allocations run; without it the groups are listed unchanged. */
  diff: DiffReport | undefined;
  jobID: string;
  jobType: string;
  jobModifyIndex: number;
  /** failures are the groups the scheduler could not place (a rollout's frame); none for the reconciler alone. */
  failures: readonly PlacementFailure[];
  /** path is the job file named in the -check-index line. */
  path: string;
}

/**
 * wholePlan is `nomad job plan`'s output: the job diff (of the first
 * comparison: the version most running allocations use), each group headed
 * with its counts, a blank line, "Scheduler dry-run:", its result, a blank
 * line, then the job modify index and how to submit with it.
 */
export function wholePlan(p: WholePlanInput): PlanSegment[] {
  const counts = groupCounts(p.document);
  const jobDiff = p.diff?.comparisons[0]?.diff;
  const out: PlanSegment[] = [];
  if (jobDiff !== undefined) {
    const diffSegs = withCounts(formatJobDiff(jobDiff), counts);
    out.push(...trimSegments(diffSegs));
  } else {
    out.push({ text: `Job: ${JSON.stringify(p.jobID)}`, color: null, bold: true });
    for (const g of planLines(p.document))
      out.push(
        plain('\n'),
        { text: `Task Group: ${JSON.stringify(g.group)}`, color: null, bold: true },
        ...(counts.get(g.group) ?? []),
      );
  }
  out.push(plain('\n\n'), { text: 'Scheduler dry-run:', color: null, bold: true }, plain('\n'));
  out.push(...dryRun(p.failures, p.jobType === 'system'));
  // Nomad 1.6's client updates, which `nomad job plan` does not count: listed after the dry-run.
  for (const s of clientUpdateSections(p.document)) {
    out.push(plain('\n\n'), { text: `${s.heading}:`, color: null, bold: true });
    for (const line of s.lines) out.push(plain(`\n  ${line}`));
  }
  out.push(plain('\n\n'), { text: `Job Modify Index: ${p.jobModifyIndex}`, color: null, bold: true }, plain('\n'));
  out.push(plain(checkIndexHelp(p.jobModifyIndex, p.path)));
  return out;
}

// trimSegments drops the whitespace around the whole text, as the command's strings.TrimSpace does.
function trimSegments(segs: readonly PlanSegment[]): PlanSegment[] {
  const out = segs.map((s) => ({ ...s }));
  while (out.length > 0 && out[0]!.text.trimStart() === '') out.shift();
  if (out.length > 0) out[0]!.text = out[0]!.text.trimStart();
  while (out.length > 0 && out[out.length - 1]!.text.trimEnd() === '') out.pop();
  if (out.length > 0) out[out.length - 1]!.text = out[out.length - 1]!.text.trimEnd();
  return out;
}

/** wholePlanText is the whole plan's plain text, ending with a newline, as the command line prints it. */
export function wholePlanText(p: WholePlanInput): string {
  return `${wholePlan(p)
    .map((s) => s.text)
    .join('')}\n`;
}
