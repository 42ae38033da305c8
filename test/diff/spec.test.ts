// What the diff compares: each job's document as Nomad stores it, with the
// model's values laid over it, or the model alone when a job has no
// document.

import { describe, expect, test } from 'vitest';
import { jobDiff } from '../../src/diff/job.ts';
import type { Job } from '../../src/engine/structs.ts';
import { edited, readJob } from './helpers.ts';

const job = (killTimeout: string, count = 2) =>
  readJob({
    TaskGroups: [
      {
        Name: 'g',
        Count: count,
        Services: [{ Name: 'web', Tags: ['a'] }],
        Tasks: [{ Name: 't', Driver: 'exec', KillTimeout: killTimeout }],
      },
    ],
  });

describe('the jobs a diff compares', () => {
  test('a duration the document writes as text is compared as the reader stores it, in nanoseconds', () => {
    const d = jobDiff(job('5s'), job('10s'), true);
    expect(d.TaskGroups[0]!.Tasks[0]!.Fields).toEqual([edited('KillTimeout', '5000000000', '10000000000')]);
  });

  test("the model's count wins over a document that no longer says it", () => {
    const running = job('5s');
    // A version built from the model, keeping the document it came from.
    const scaled: Job = { ...running, TaskGroups: running.TaskGroups.map((g) => ({ ...g, Count: 5 })) };
    Object.defineProperty(scaled, 'Spec', { value: running.Spec, enumerable: false });
    const g = jobDiff(running, scaled, true).TaskGroups[0]!;
    expect(g.Fields).toEqual([{ ...edited('Count', '2', '5') }]);
    expect(g.Objects).toEqual([]);
  });

  test('a job without a document (built in code) is compared with the other by the model alone', () => {
    const running = job('5s');
    const scaled: Job = { ...running, TaskGroups: running.TaskGroups.map((g) => ({ ...g, Count: 5 })) };
    expect(scaled.Spec).toBeUndefined();
    const g = jobDiff(running, scaled, true).TaskGroups[0]!;
    // The running job's services are not taken for removed.
    expect(g.Objects).toEqual([]);
    expect(g.Fields).toEqual([edited('Count', '2', '5')]);
  });
});
