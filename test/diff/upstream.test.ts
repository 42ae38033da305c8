// Upstream's own diff tests: the cases of TestJobDiff, TestTaskGroupDiff and
// TestTaskDiff (nomad/structs/diff_test.go at dccea99f7e), inputs and
// expected diffs as upstream's test tables hold them, in
// test/fixtures/diff/upstream-*.json (Go structs as JSON, fields at their
// zero value left out). The diff is run on them directly, as upstream runs
// it on the structs: no canonicalisation, no model.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { taskGroupDiff } from '../../src/diff/group.ts';
import { jobSpecDiff } from '../../src/diff/job.ts';
import { taskDiff } from '../../src/diff/task.ts';
import type { Obj } from '../../src/jobspec/canonical/values.ts';

interface UpstreamCase {
  case: number;
  name: string;
  contextual: boolean;
  error: boolean;
  old: Obj | null;
  new: Obj | null;
  expected: unknown;
}

function cases(file: string): UpstreamCase[] {
  return JSON.parse(readFileSync(new URL(`../fixtures/diff/${file}`, import.meta.url), 'utf8')) as UpstreamCase[];
}

// LIST_FIELDS are the diff's lists, which Go leaves nil when empty.
const LIST_FIELDS = new Set(['Fields', 'Objects', 'Tasks', 'TaskGroups', 'Annotations']);

// normalise makes a diff comparable across the two sides: Go's nil lists
// as empty ones, upstream's Updates (counts the CLI prints elsewhere) and
// our Update (the engine's decision) left out.
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'Updates' || k === 'Update') continue;
    out[k] = LIST_FIELDS.has(k) && x === null ? [] : normalise(x);
  }
  return out;
}

// Cases the playground cannot meet, and why.
const NOT_EXPRESSIBLE: Record<string, string> = {
  error:
    'upstream refuses to diff two jobs, groups or tasks of different IDs or names; here they are matched by name, so it never happens',
  jobAbsent: 'the playground always diffs two versions of a job; a job added or removed as a whole is not a case',
};

// DIFFERENT lists the cases where the playground prints something else on
// purpose, and why.
const DIFFERENT: Record<string, string> = {
  'task 18':
    'the config holds a Go struct (a Port), which flattens as "boom.Label"; a config read from JSON or HCL holds maps, which flatten as "boom[Label]"',
  'task 19':
    'the config holds a Go struct (a Port), which flattens as "boom.Label"; a config read from JSON or HCL holds maps, which flatten as "boom[Label]"',
};

describe('upstream TestJobDiff', () => {
  for (const c of cases('upstream-job.json')) {
    const skip = c.error ? NOT_EXPRESSIBLE.error : c.old === null || c.new === null ? NOT_EXPRESSIBLE.jobAbsent : null;
    const label = `case ${c.case}${c.name ? ` ${c.name}` : ''}`;
    if (skip !== null || DIFFERENT[`job ${c.case}`]) {
      test.skip(`${label}: ${skip ?? DIFFERENT[`job ${c.case}`]}`, () => {});
      continue;
    }
    test(label, () => {
      expect(normalise(jobSpecDiff(c.old!, c.new!, c.contextual))).toEqual(normalise(c.expected));
    });
  }
});

describe('upstream TestTaskGroupDiff', () => {
  for (const c of cases('upstream-group.json')) {
    const label = `case ${c.case} ${c.name}`;
    if (c.error) {
      test.skip(`${label}: ${NOT_EXPRESSIBLE.error}`, () => {});
      continue;
    }
    test(label, () => {
      expect(normalise(taskGroupDiff(c.old, c.new, c.contextual))).toEqual(normalise(c.expected));
    });
  }
});

describe('upstream TestTaskDiff', () => {
  for (const c of cases('upstream-task.json')) {
    const label = `case ${c.case} ${c.name}`;
    const skip = c.error ? NOT_EXPRESSIBLE.error : DIFFERENT[`task ${c.case}`];
    if (skip !== undefined) {
      test.skip(`${label}: ${skip}`, () => {});
      continue;
    }
    test(label, () => {
      expect(normalise(taskDiff(c.old, c.new, c.contextual))).toEqual(normalise(c.expected));
    });
  }
});
