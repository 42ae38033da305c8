// Shared by the CLI tests: the fixture scenarios and an in-memory CliIO.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run, type CliIO } from '../../src/cli/run.ts';

/** FIXTURES is the directory of the fixture scenarios, shared with the other test suites. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));

/** fixture is the path of one fixture scenario. */
export function fixture(name: string): string {
  return `${FIXTURES}${name}.json`;
}

/** nomad16Fixture is the path of one fixture scenario for Nomad 1.6 (test/fixtures/nomad16/). */
export function nomad16Fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/nomad16/${name}.json`, import.meta.url));
}

/** fixtureText reads one fixture scenario. */
export function fixtureText(name: string): string {
  return readFileSync(fixture(name), 'utf8');
}

/** Captured is what one in-process run printed and returned. */
export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** runCli runs the runner in-process; files are read from disk, standard input is `stdin`; `clock` replaces the wall clock. */
export async function runCli(argv: string[], stdin = '', clock?: () => number): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: async () => stdin,
    readFile: async (p) => readFileSync(p, 'utf8'),
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    ...(clock ? { clock } : {}),
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** errorLines drops the warning lines (`FILE: PATH: warning: …`) of a standard error, keeping the errors. */
export function errorLines(stderr: string): string {
  return stderr
    .split('\n')
    .filter((l) => !/^[^\n]*?: warning: /.test(l))
    .join('\n');
}

/** UUID matches a generated ID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// zeroCounts is shared with the examples' tests: one DesiredTGUpdates entry with every count at zero.
export { zeroCounts } from '../examples/helpers.ts';
