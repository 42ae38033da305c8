// Upstream: hashicorp/nomad command/job_plan.go at dccea99f7e
// (formatJobDiff and its helpers).
//
// A job diff laid out as `nomad job plan` prints it: a marker per line
// ("+" added, "-" removed, "+/-" edited, nothing for unchanged context),
// blocks opened with "{" and closed with "}", names and values aligned within
// each block, values quoted as Go quotes them. The output is a list of
// blocks (the job, each group, each task) so that the page can head each
// group and task with the update it forces; each block is a list of styled
// segments in the CLI's colours, so that no text of the job is ever read as
// a colour code.

import {
  AnnotationForcesCreate,
  AnnotationForcesDestroy,
  AnnotationForcesDestructiveUpdate,
  AnnotationForcesInplaceUpdate,
} from './classify.ts';
import { goQuote } from './quote.ts';
import type { DiffType, FieldDiff, JobDiff, ObjectDiff, TaskDiff, TaskGroupDiff, UpdateClass } from './types.ts';

/** DiffColor is a colour the CLI uses in a plan. */
export type DiffColor = 'green' | 'red' | 'light_yellow' | 'yellow' | 'cyan';

/** Segment is a run of text in one style. */
export interface Segment {
  text: string;
  color: DiffColor | null;
  bold: boolean;
}

/** DiffBlock is the lines of the job, of one group, or of one task, with the update it forces. */
export interface DiffBlock {
  kind: 'job' | 'group' | 'task';
  group: string | null;
  task: string | null;
  update: UpdateClass | null;
  segments: Segment[];
}

const plain = (text: string): Segment => ({ text, color: null, bold: false });
const colored = (text: string, color: DiffColor | null): Segment => ({ text, color, bold: false });
const bold = (text: string): Segment => ({ text, color: null, bold: true });
const spaces = (n: number): Segment => plain(' '.repeat(Math.max(0, n)));

// marker is a diff type's marker with its trailing space, and its length.
function marker(type: DiffType): [Segment[], number] {
  switch (type) {
    case 'Added':
      return [[colored('+', 'green'), plain(' ')], 2];
    case 'Deleted':
      return [[colored('-', 'red'), plain(' ')], 2];
    case 'Edited':
      return [[colored('+/-', 'light_yellow'), plain(' ')], 4];
    case 'None':
      return [[], 0];
  }
}

const markerLength = (type: DiffType): number => marker(type)[1];

// width is how many columns a name takes (upstream counts bytes; code points
// keep non-ASCII names aligned on screen).
const width = (s: string): number => [...s].length;

/**
 * formatJobDiff lays a job diff out as `nomad job plan` does. The job's own
 * changes are shown only when it is edited, a group's only when it is
 * edited, and an added or removed task is one line, unless `verbose` (the
 * CLI's -verbose) asks for everything.
 */
export function formatJobDiff(job: JobDiff, verbose = false): DiffBlock[] {
  const [m] = marker(job.Type);
  const out: Segment[] = [...m, bold(`Job: ${goQuote(job.ID)}`), plain('\n')];
  let [longestField, longestMarker] = longestPrefixes(job.Fields, job.Objects);
  for (const tg of job.TaskGroups) longestMarker = Math.max(longestMarker, markerLength(tg.Type));
  if (job.Type === 'Edited' || verbose) {
    const fo = alignedFieldsAndObjects(job.Fields, job.Objects, 0, longestField, longestMarker);
    out.push(...fo);
    if (fo.length > 0) out.push(plain('\n'));
  }
  const blocks: DiffBlock[] = [{ kind: 'job', group: null, task: null, update: null, segments: out }];
  for (const tg of job.TaskGroups) {
    const groupBlocks = formatTaskGroupDiff(tg, longestMarker - markerLength(tg.Type), verbose);
    // Each group ends with an empty line.
    groupBlocks[groupBlocks.length - 1]!.segments.push(plain('\n'));
    blocks.push(...groupBlocks);
  }
  return blocks;
}

// formatTaskGroupDiff is a group's line, its changes when edited, then a
// line (and changes) per task.
function formatTaskGroupDiff(tg: TaskGroupDiff, tgPrefix: number, verbose: boolean): DiffBlock[] {
  const [m] = marker(tg.Type);
  const out: Segment[] = [...m, spaces(tgPrefix), bold(`Task Group: ${goQuote(tg.Name)}`), plain('\n')];
  let [longestField, longestMarker] = longestPrefixes(tg.Fields, tg.Objects);
  for (const t of tg.Tasks) longestMarker = Math.max(longestMarker, markerLength(t.Type));
  const subStart = tgPrefix + 2;
  if (tg.Type === 'Edited' || verbose) {
    const fo = alignedFieldsAndObjects(tg.Fields, tg.Objects, subStart, longestField, longestMarker);
    out.push(...fo);
    if (fo.length > 0) out.push(plain('\n'));
  }
  const blocks: DiffBlock[] = [{ kind: 'group', group: tg.Name, task: null, update: tg.Update, segments: out }];
  for (const t of tg.Tasks) {
    const segments = formatTaskDiff(t, subStart, longestMarker - markerLength(t.Type), verbose);
    segments.push(plain('\n'));
    blocks.push({ kind: 'task', group: tg.Name, task: t.Name, update: t.Update, segments });
  }
  return blocks;
}

// formatTaskDiff is a task's line with its annotations, then its changes
// unless it is unchanged, or added or removed as a whole.
function formatTaskDiff(task: TaskDiff, startPrefix: number, taskPrefix: number, verbose: boolean): Segment[] {
  const [m] = marker(task.Type);
  const out: Segment[] = [spaces(startPrefix), ...m, spaces(taskPrefix), bold(`Task: ${goQuote(task.Name)}`)];
  if (task.Annotations.length > 0) out.push(plain(' ('), ...colorAnnotations(task.Annotations), plain(')'));
  if (task.Type === 'None') return out;
  if ((task.Type === 'Added' || task.Type === 'Deleted') && !verbose) return out;
  out.push(plain('\n'));
  const [longestField, longestMarker] = longestPrefixes(task.Fields, task.Objects);
  out.push(...alignedFieldsAndObjects(task.Fields, task.Objects, startPrefix + 2, longestField, longestMarker));
  return out;
}

// formatObjectDiff is a block: its name and "{", its fields and blocks one
// step further in, and "}" under the name.
function formatObjectDiff(diff: ObjectDiff, startPrefix: number, keyPrefix: number): Segment[] {
  const [m, mLength] = marker(diff.Type);
  const out: Segment[] = [spaces(startPrefix), ...m, spaces(keyPrefix), plain(`${diff.Name} {\n`)];
  const [longestField, longestMarker] = longestPrefixes(diff.Fields, diff.Objects);
  out.push(
    ...alignedFieldsAndObjects(diff.Fields, diff.Objects, startPrefix + keyPrefix + 2, longestField, longestMarker),
  );
  out.push(plain('\n'), spaces(startPrefix + mLength + keyPrefix), plain('}'));
  return out;
}

// formatFieldDiff is one field: "name: value", the value as old => new when
// edited, then any annotations.
function formatFieldDiff(diff: FieldDiff, startPrefix: number, keyPrefix: number, valuePrefix: number): Segment[] {
  const [m] = marker(diff.Type);
  const out: Segment[] = [spaces(startPrefix), ...m, spaces(keyPrefix), plain(`${diff.Name}: `), spaces(valuePrefix)];
  switch (diff.Type) {
    case 'Deleted':
      out.push(plain(goQuote(diff.Old)));
      break;
    case 'Edited':
      out.push(plain(`${goQuote(diff.Old)} => ${goQuote(diff.New)}`));
      break;
    default:
      out.push(plain(goQuote(diff.New)));
  }
  if (diff.Annotations.length > 0) out.push(plain(' ('), ...colorAnnotations(diff.Annotations), plain(')'));
  return out;
}

// alignedFieldsAndObjects lists fields then blocks, one per line, markers and
// values lined up; no newline after the last.
function alignedFieldsAndObjects(
  fields: readonly FieldDiff[],
  objects: readonly ObjectDiff[],
  startPrefix: number,
  longestField: number,
  longestMarker: number,
): Segment[] {
  const out: Segment[] = [];
  fields.forEach((f, i) => {
    out.push(...formatFieldDiff(f, startPrefix, longestMarker - markerLength(f.Type), longestField - width(f.Name)));
    if (i + 1 !== fields.length || objects.length > 0) out.push(plain('\n'));
  });
  objects.forEach((o, i) => {
    out.push(...formatObjectDiff(o, startPrefix, longestMarker - markerLength(o.Type)));
    if (i + 1 !== objects.length) out.push(plain('\n'));
  });
  return out;
}

// longestPrefixes is the longest field name and the longest marker among
// fields and blocks, which set the alignment.
function longestPrefixes(fields: readonly FieldDiff[], objects: readonly ObjectDiff[]): [number, number] {
  let longestField = 0;
  let longestMarker = 0;
  for (const f of fields) {
    longestField = Math.max(longestField, width(f.Name));
    longestMarker = Math.max(longestMarker, markerLength(f.Type));
  }
  for (const o of objects) longestMarker = Math.max(longestMarker, markerLength(o.Type));
  return [longestField, longestMarker];
}

const ANNOTATION_COLORS: Record<string, DiffColor> = {
  [AnnotationForcesCreate]: 'green',
  [AnnotationForcesDestroy]: 'red',
  [AnnotationForcesInplaceUpdate]: 'cyan',
  [AnnotationForcesDestructiveUpdate]: 'yellow',
};

// colorAnnotations joins annotations with ", ", each in its colour.
function colorAnnotations(annotations: readonly string[]): Segment[] {
  return annotations.flatMap((a, i) => [...(i > 0 ? [plain(', ')] : []), colored(a, ANNOTATION_COLORS[a] ?? null)]);
}

/** diffText is the plain text of formatted blocks, trimmed as the CLI trims it. */
export function diffText(blocks: readonly DiffBlock[]): string {
  return blocks
    .flatMap((b) => b.segments.map((s) => s.text))
    .join('')
    .trim();
}

/** blockLines splits a block's segments into lines (no trailing empty line), for display. */
export function blockLines(block: DiffBlock): Segment[][] {
  const lines: Segment[][] = [[]];
  for (const s of block.segments) {
    const parts = s.text.split('\n');
    parts.forEach((p, i) => {
      if (i > 0) lines.push([]);
      if (p !== '') lines[lines.length - 1]!.push({ ...s, text: p });
    });
  }
  if (lines.length > 1 && lines[lines.length - 1]!.length === 0) lines.pop();
  return lines;
}
