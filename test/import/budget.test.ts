// The import's budgets where the bodies are pasted or given as files, not
// fetched: the page's preview and the builder both hold them.

import { describe, expect, it } from 'vitest';
import { IMPORT_BUDGET, parseBody } from '../../src/import/budget.ts';
import { buildImport } from '../../src/import/build.ts';
import { previewImport } from '../../src/import/preview.ts';
import { SIM_BUDGET } from '../../src/simulator/budget.ts';

const NOW = '2020-06-10T12:30:00Z';
const job = { ID: 'web', Version: 0, TaskGroups: [] };
const stubs = (n: number) => Array.from({ length: n }, (_, i) => ({ ID: `a${i}` }));

describe('the import budget', () => {
  it('takes as many allocations as the simulator', () => {
    expect(IMPORT_BUDGET.allocations).toBe(SIM_BUDGET.allocations);
  });

  it('refuses a list of more allocations, by how many', () => {
    expect(buildImport({ now: NOW, job, allocations: stubs(20_001) })).toEqual({
      ok: false,
      problems: [
        {
          source: 'allocations',
          path: '',
          message: "the list holds 20,001 allocations, 1 more than the 20,000 an import takes (the simulator's budget)",
        },
      ],
    });
    expect(buildImport({ now: NOW, job, allocations: stubs(20_000) }).ok).toBe(true);
  });

  it('on the page, a pasted body is held to the reader’s budget before it is parsed', () => {
    const preview = previewImport({ job: JSON.stringify(job), nodes: `[${'0,'.repeat(2_000_000)}0]` }, NOW);
    expect(preview).toEqual({
      ok: false,
      empty: false,
      problems: { nodes: 'this text holds 2,000,002 values, 2 more than the 2,000,000 the playground reads' },
    });
  });

  it('counts the values of every body an import reads, and refuses the body that brings them over', () => {
    const spent = { values: 0 };
    const small = { ...IMPORT_BUDGET, values: 10, bodyBytes: 100 };
    expect(parseBody('[1, 2, 3]', spent, small)).toEqual({ kind: 'value', value: [1, 2, 3] });
    expect(spent.values).toBe(4);
    expect(parseBody('[{}, {}, {}, {}, {}, {}, {}]', spent, small)).toEqual({
      kind: 'over',
      over: 'holds 8 values, which bring the import to 12, 2 more than the 10 an import reads in all',
    });
    expect(spent.values).toBe(4);
    expect(parseBody(' '.repeat(101), spent, small)).toEqual({
      kind: 'over',
      over: 'is 101 characters long, 1 more than the 100 an import reads of one body',
    });
    expect(parseBody('['.repeat(129), spent, IMPORT_BUDGET)).toEqual({
      kind: 'over',
      over: expect.stringMatching(/^nests 129 levels deep, 1 more than the 128/),
    });
  });
});
