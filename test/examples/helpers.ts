// Shared by the example tests: read one example of the library exactly as
// the app and the command-line runner do, reconcile it, and find its
// allocations by name so that assertions read as a person describes them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../../src/result/run.ts';
import type { ResultDocument } from '../../src/result/document.ts';
import { disconnectedAsDown } from '../../src/scenario/disconnectedAsDown.ts';
import type { NomadVersion } from '../../src/scenario/nomadVersion.ts';
import { readScenario, readScenarioValue } from '../../src/scenario/read.ts';

/** EXAMPLES_DIR is where the example documents are. */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../src/examples/', import.meta.url));

/** RawAlloc is an allocation as the example document writes it. */
export interface RawAlloc {
  ID: string;
  Name: string;
  TaskGroup: string;
  JobVersion?: number;
  DesiredStatus?: string;
  ClientStatus?: string;
  NodeName?: string;
}

/** Ran is one example's document, its result, and lookups over its allocations. */
export interface Ran {
  raw: Record<string, unknown> & { Name: string; Description: string; Allocations: RawAlloc[]; Now: string };
  doc: ResultDocument;
  /** id is the ID of the one allocation with this name (and job version, when given) that is not stopped. */
  id(name: string, jobVersion?: number): string;
}

/** zeroCounts is a DesiredTGUpdates entry with every count at zero. */
export const zeroCounts = {
  Ignore: 0,
  Place: 0,
  Migrate: 0,
  Stop: 0,
  InPlaceUpdate: 0,
  DestructiveUpdate: 0,
  Canary: 0,
};

/**
 * runExample reads src/examples/ID.json and reconciles it; generated IDs are
 * `generated-1`, `generated-2`, … Given a version, it reads the document as
 * the comparison does for that version (0.12 reads a disconnected node as down).
 */
export function runExample(exampleID: string, nomadVersion?: NomadVersion): Ran {
  const text = readFileSync(`${EXAMPLES_DIR}${exampleID}.json`, 'utf8');
  const read =
    nomadVersion === undefined
      ? readScenario(text)
      : readScenarioValue(nomadVersion === '0.12' ? disconnectedAsDown(JSON.parse(text)).document : JSON.parse(text), {
          nomadVersion,
        });
  if (!read.ok) throw new Error(`runExample: ${exampleID} does not read: ${JSON.stringify(read.diagnostics)}`);
  let n = 0;
  const { document } = runScenario(read.scenario, { generateID: () => `generated-${++n}` });
  const raw = JSON.parse(text) as Ran['raw'];
  return {
    raw,
    doc: document,
    id(name, jobVersion) {
      const found = raw.Allocations.filter(
        (a) =>
          a.Name === name &&
          (a.DesiredStatus ?? 'run') === 'run' &&
          (jobVersion === undefined || a.JobVersion === jobVersion),
      );
      if (found.length !== 1) throw new Error(`runExample: ${found.length} allocations named ${name} in ${exampleID}`);
      return found[0]!.ID;
    },
  };
}

/** byName sorts result entries by name (upstream visits maps in random order, so order is not part of its semantics). */
export function byName<T extends { Name: string }>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0));
}

/** names is the sorted names of result entries. */
export function names(xs: readonly { Name: string }[]): string[] {
  return byName(xs).map((x) => x.Name);
}

/** plus adds seconds to an RFC 3339 instant and writes it as Nomad's output does (no fraction). */
export function plus(instant: string, seconds: number): string {
  return new Date(Date.parse(instant) + seconds * 1000).toISOString().replace('.000Z', 'Z');
}
