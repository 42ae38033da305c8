import { describe, expect, it } from 'vitest';
import { type LocatedDiagnostic, locateAll, tabOfPath } from '../../src/worker/locate.ts';
import { markersForTab } from '../../src/ui/editor/markers.ts';

const job = `{
  "ID": "web",
  "TaskGroups": [
    {
      "Name": "web",
      "Count": -1
    }
  ]
}
`;
const cluster = `{
  "Nodes": [
    { "ID": "n1", "Status": "sleepy" }
  ],
  "Allocations": [
    { "ID": "a1" }
  ]
}
`;

describe('tabOfPath', () => {
  it('sends Job paths to the Job tab without their Job segment', () => {
    expect(tabOfPath('Job.TaskGroups[0].Count')).toEqual({ tab: 'job', segments: ['TaskGroups', 0, 'Count'] });
    expect(tabOfPath('Job')).toEqual({ tab: 'job', segments: [] });
  });

  it('sends everything else to the Cluster tab', () => {
    expect(tabOfPath('Nodes[2].Status')).toEqual({ tab: 'cluster', segments: ['Nodes', 2, 'Status'] });
    expect(tabOfPath('JobVersions[0].Version')).toEqual({ tab: 'cluster', segments: ['JobVersions', 0, 'Version'] });
    expect(tabOfPath('')).toEqual({ tab: 'cluster', segments: [] });
  });

  it('reads quoted keys', () => {
    expect(tabOfPath('Job.Meta["a.b"]')).toEqual({ tab: 'job', segments: ['Meta', 'a.b'] });
  });
});

describe('locateAll', () => {
  const texts = { job, cluster };

  it('places a Job diagnostic at its line in the Job tab', () => {
    const [d] = locateAll([{ code: 'out-of-range', path: 'Job.TaskGroups[0].Count', message: 'no' }], texts);
    expect(d).toMatchObject({ tab: 'job', line: 6, column: 7 });
  });

  it('places a Cluster diagnostic at its line in the Cluster tab', () => {
    const [d] = locateAll([{ code: 'not-in-enum', path: 'Nodes[0].Status', message: 'no' }], texts);
    expect(d).toMatchObject({ tab: 'cluster', line: 3, column: 19 });
  });

  it('places a missing field at the key of the object that lacks it', () => {
    const [d] = locateAll([{ code: 'required', path: 'Allocations[0].TaskGroup', message: 'required' }], texts);
    // The object has no key of its own (it is an array element): its brace.
    expect(d).toMatchObject({ tab: 'cluster', line: 6, column: 5 });
    const [e] = locateAll([{ code: 'required', path: 'Deployment.ID', message: 'required' }], texts);
    expect(e).toMatchObject({ tab: 'cluster', line: 1, column: 1 });
  });

  it('keeps the diagnostic on one line for a value that spans many', () => {
    const [d] = locateAll([{ code: 'wrong-type', path: 'Job.TaskGroups[0]', message: 'no' }], texts);
    expect(d).toMatchObject({ tab: 'job', line: 4, endLine: 4 });
  });

  it('turns located diagnostics into markers of their tab only', () => {
    const located = locateAll(
      [
        { code: 'out-of-range', path: 'Job.TaskGroups[0].Count', message: 'must be at least 0' },
        { code: 'not-in-enum', path: 'Nodes[0].Status', message: 'bad' },
      ],
      texts,
    );
    const markers = markersForTab(located, 'job');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({
      startLineNumber: 6,
      message: 'Job.TaskGroups[0].Count: must be at least 0',
      severity: 8,
    });
  });

  it('turns a jobspec’s hints into information markers, not errors', () => {
    const hint: LocatedDiagnostic = {
      code: 'hcl-not-read',
      path: 'JobSpec',
      message: '"cores" is not read by this reconciler',
      tab: 'job',
      line: 3,
      column: 5,
      endLine: 3,
      endColumn: 10,
    };
    const markers = markersForTab([], 'job', [hint]);
    expect(markers).toEqual([
      {
        severity: 2,
        message: 'JobSpec: "cores" is not read by this reconciler',
        source: 'scenario',
        code: 'hcl-not-read',
        startLineNumber: 3,
        startColumn: 5,
        endLineNumber: 3,
        endColumn: 10,
      },
    ]);
    expect(markersForTab([], 'cluster', [hint])).toEqual([]);
  });
});
