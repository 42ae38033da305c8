// The hostile texts of issue 19 that the page must answer without
// freezing: shared by the end-to-end tests (e2e/mainthread.spec.ts) and the
// browser benchmark (bench/hostile.ts), so that both try the same attacks.

import { deflateRawSync } from 'node:zlib';
import defaultScenario from '../src/ui/defaultScenario.json' with { type: 'json' };
import hclScenario from '../test/fixtures/scenarios/hcl-jobspec.json' with { type: 'json' };
import allocations from '../test/fixtures/import/allocations.json' with { type: 'json' };
import { generateScenario } from '../bench/generate.ts';

/** shareLink is the `#s=` fragment of a scenario document's text. */
export function shareLink(text: string): string {
  return '#s=' + deflateRawSync(Buffer.from(text)).toString('base64url');
}

// withJobSpec is the HCL fixture scenario with another jobspec.
function withJobSpec(jobSpec: string): string {
  return JSON.stringify({ ...hclScenario, JobSpec: jobSpec });
}

// jobWithMeta is a one-group jobspec whose group's count and meta value are HCL expressions.
const jobWithMeta = (count: string, meta: string) =>
  `job "web" {\n  datacenters = ["dc1"]\n  group "web" {\n    count = ${count}\n    meta {\n      x = ${meta}\n    }\n    task "app" {\n      driver = "docker"\n    }\n  }\n}\n`;

/** UNREADABLE are scenarios whose reading never ends, or ends in a JavaScript error, unless bounded: by name, the document's text. */
export const UNREADABLE: Record<string, string> = {
  'setproduct 1024³': withJobSpec(jobWithMeta('1', '"${length(setproduct(range(1024), range(1024), range(1024)))}"')),
  '10,000 nested parentheses': withJobSpec(jobWithMeta(`${'('.repeat(10_000)}1${')'.repeat(10_000)}`, '"x"')),
};

/** LINEAR are valid scenarios that a backtracking regex engine never finishes reading (Nomad's, RE2, is linear): by name, the document's text. */
export const LINEAR: Record<string, string> = {
  'catastrophic regex': withJobSpec(jobWithMeta('1', `regex_replace("${'a'.repeat(36)}!", "^(a+)+$", "b")`)),
};

/** ONE_LINE are valid scenarios written on one line, which the page opens: by name, the document's text. */
export const ONE_LINE: Record<string, string> = {
  'one-line 10⁶ values': JSON.stringify({ ...defaultScenario, Unknown: new Array<number>(1_000_000).fill(0) }),
  'one-line 2,000 allocations': JSON.stringify(generateScenario({ allocs: 2000, nodes: 200 })),
};

/** allocationStubs is the text of an allocations list of `n` stubs: the import fixture's first allocation, numbered. */
export function allocationStubs(n: number): string {
  const first = allocations[0];
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({ ...first, ID: `alloc-${i}`, Name: `web.frontend[${i}]` })),
  );
}
