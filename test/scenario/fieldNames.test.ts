// Field names that Nomad's API does not have: warnings with a suggestion,
// never errors; and a job given as `nomad job inspect` prints it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { suggest } from '../../src/scenario/fieldNames.ts';
import { readScenario } from '../../src/scenario/read.ts';
import { FIXED_OPTIONS, minimalDoc, minimalJob } from './helpers.ts';

const inspected = JSON.parse(readFileSync(new URL('../fixtures/api/job-inspect.json', import.meta.url), 'utf8')) as {
  Job: Record<string, unknown>;
};

function read(doc: Record<string, unknown>) {
  const text = JSON.stringify(doc, null, 2);
  return { text, result: readScenario(text, FIXED_OPTIONS) };
}

describe('unknown field names', () => {
  it('a typo is a warning with the field it meant, placed at the key; the document still reads', () => {
    const { text, result } = read(
      minimalDoc({
        Job: minimalJob({ TaskGroups: [{ Name: 'web', Cuont: 5, Tasks: [{ Name: 'server', Driver: 'docker' }] }] }),
      }),
    );
    if (!result.ok) throw new Error('expected a scenario');
    expect(result.scenario.Job.TaskGroups[0]!.Count).toBe(1);
    expect(result.warnings).toEqual([
      {
        code: 'unknown-field',
        severity: 'warning',
        path: 'Job.TaskGroups[0].Cuont',
        message: '"Cuont" is not a field of a task group; did you mean Count?',
        line: text.split('\n').findIndex((l) => l.includes('"Cuont"')) + 1,
        column: expect.any(Number),
        endLine: expect.any(Number),
        endColumn: expect.any(Number),
      },
    ]);
  });

  it('looks into every stanza of the job, its versions, and says when nothing is close', () => {
    const job = minimalJob({
      Update: { MaxParalel: 2 },
      TaskGroups: [
        {
          Name: 'web',
          Tasks: [
            {
              Name: 'server',
              Driver: 'docker',
              Resources: { Memory: 256, CPU: 100 },
              Templates: [{ Destination: 'x' }],
              Config: { anything: 1 },
              Meta: { free: 'form' },
            },
          ],
          Volumes: { data: { Type: 'host', Sourc: 'x' } },
        },
      ],
      Bogus: true,
    });
    const { result } = read(
      minimalDoc({ Job: { ...job, Version: 2 }, JobVersions: [minimalJob({ Version: 1, Prority: 3 })] }),
    );
    expect(result.warnings?.map((w) => [w.path, w.message])).toEqual([
      [
        'Job.TaskGroups[0].Tasks[0].Resources.Memory',
        '"Memory" is not a field of a task’s resources; did you mean MemoryMB?',
      ],
      [
        'Job.TaskGroups[0].Tasks[0].Templates[0].Destination',
        '"Destination" is not a field of a template; Nomad ignores it',
      ],
      ['Job.TaskGroups[0].Volumes.data.Sourc', '"Sourc" is not a field of a volume request; did you mean Source?'],
      ['Job.Update.MaxParalel', '"MaxParalel" is not a field of an update strategy; did you mean MaxParallel?'],
      ['Job.Bogus', '"Bogus" is not a field of a job; Nomad ignores it'],
      ['JobVersions[0].Prority', '"Prority" is not a field of a job; did you mean Priority?'],
    ]);
  });

  it('a name that differs only in case says that Nomad would read it and the playground does not', () => {
    const { result } = read(minimalDoc({ Job: minimalJob({ TaskGroups: [{ Name: 'web', count: 3 }] }) }));
    expect(result.warnings?.[0]?.message).toBe(
      '"count" is not a field of a task group; did you mean Count? (Nomad\'s own decoder ignores case and reads it as Count; the playground reads names exactly and ignores it)',
    );
  });

  it('warns with the errors when the document is also invalid', () => {
    const { result } = read(minimalDoc({ Job: minimalJob({ Type: 'nope', Cuont: 1 }) }));
    expect(result.ok).toBe(false);
    expect(result.warnings?.map((w) => w.path)).toEqual(['Job.Cuont']);
  });

  it('finds nothing to say about real `nomad job inspect` output, nor about fields of later Nomad releases', () => {
    expect(read(minimalDoc({ Job: inspected.Job })).result.warnings).toBeUndefined();
    const later = minimalJob({
      NodePool: 'default',
      TaskGroups: [{ Name: 'web', Disconnect: {}, Tasks: [{ Name: 's', Resources: { MemoryMaxMB: 512, Cores: 2 } }] }],
    });
    expect(read(minimalDoc({ Job: later })).result.warnings).toBeUndefined();
  });

  it('suggest: same but for case first, else within two edits', () => {
    expect(suggest('cpu', ['CPU', 'Cpu'])).toBe('CPU');
    expect(suggest('Cuont', ['Count', 'Name'])).toBe('Count');
    expect(suggest('Datacenter', ['Datacenters'])).toBe('Datacenters');
    expect(suggest('Whatever', ['Count', 'Name'])).toBeNull();
  });
});

describe('a job wrapped as `nomad job inspect` prints it', () => {
  it('reads {"Job": …} as the job it wraps, in Job and in JobVersions', () => {
    const { result } = read(
      minimalDoc({ Job: { Job: minimalJob({ Version: 2 }) }, JobVersions: [{ Job: minimalJob({ Version: 1 }) }] }),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect([result.scenario.Job.ID, result.scenario.Job.Version, result.scenario.JobVersions[0]!.Version]).toEqual([
      'web',
      2,
      1,
    ]);
  });

  it('reads real inspect output whole', () => {
    const { result } = read(minimalDoc({ Job: inspected }));
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.scenario.Job.ID).toBe(inspected.Job.ID);
  });

  it('places problems inside the wrapper at their path in it', () => {
    const { result } = read(minimalDoc({ Job: { Job: minimalJob({ Priority: -1, Cuont: 1 }) } }));
    if (result.ok) throw new Error('expected a problem');
    expect(result.diagnostics.map((d) => d.path)).toEqual(['Job.Job.Priority']);
    expect(result.warnings?.map((d) => d.path)).toEqual(['Job.Job.Cuont']);
  });
});
