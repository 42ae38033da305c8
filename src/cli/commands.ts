// The nomad-playground command's subcommands, one entry each. A command is
// a module loaded only when it runs, so `--help` and a JSON scenario never
// load the HCL parser or the simulator they do not need; each takes its
// arguments and an IO object and returns the exit status.

import type { CliIO } from './run.ts';

/** Command runs one subcommand with its own arguments and returns the exit status. */
export type Command = (argv: readonly string[], io: CliIO) => Promise<number>;

/** CommandEntry describes a subcommand; `load` imports its module. */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

// The reconcile runner, with some of its options given by the subcommand's name.
const runner =
  (...preset: string[]) =>
  async () => {
    const { run } = await import('./run.ts');
    return (argv: readonly string[], io: CliIO) => run([...preset, ...argv], io);
  };

/** COMMANDS lists the subcommands in the order the help shows them. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'reconcile', summary: 'reconcile scenario files and print the result documents', load: runner() },
  {
    name: 'plan',
    summary: 'print the result as `nomad job plan` does (reconcile --format plan)',
    load: runner('--format', 'plan'),
  },
  {
    name: 'explain',
    summary: "print the reconciler's reasoning step by step (reconcile --explain)",
    load: runner('--explain'),
  },
  {
    name: 'simulate',
    summary: "print the whole rollout with the scenario's Events (reconcile --simulate)",
    load: runner('--simulate'),
  },
  {
    name: 'compare',
    summary: "print what Nomad 0.12's and Nomad 1.6's reconcilers decide for a scenario, and how they differ",
    load: async () => (await import('./compare.ts')).compare,
  },
  {
    name: 'share',
    summary: 'print the playground link that opens a scenario file',
    load: async () => (await import('./share.ts')).share,
  },
  {
    name: 'import',
    summary: "build a scenario document from Nomad's HTTP API bodies",
    load: async () => (await import('./importCommand.ts')).runImportCommand,
  },
  {
    name: 'cluster',
    summary: 'print a scenario in which a job runs on a cluster made for it',
    load: async () => (await import('./clusterCommand.ts')).runClusterCommand,
  },
  {
    name: 'jobspec',
    summary: 'print the job an HCL jobspec gives',
    load: async () => (await import('./jobspecCommand.ts')).runJobspecCommand,
  },
];
