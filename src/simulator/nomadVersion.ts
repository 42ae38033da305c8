// Which reconciler the rollout simulator films: the seed's only, for now.
// Its film of Nomad 1.6 (disconnected clients that come back, allocations
// marked unknown) is not built, so a 1.6 scenario is refused by name rather
// than filmed with the wrong reconciler.

import type { Scenario } from '../scenario/read.ts';

/**
 * unfilmedVersion says why the simulator does not film `scenario`: its
 * NomadVersion is one the simulator does not run. Null when it does. The
 * command line and the page's rollout worker ask it before simulating.
 */
export function unfilmedVersion(scenario: Scenario): string | null {
  if (scenario.NomadVersion === undefined) return null;
  return `the rollout simulator films Nomad 0.12's reconciler only, and this scenario asks for ${scenario.NomadVersion} (NomadVersion): reconcile or plan it instead, or simulate it with --nomad-version 0.12`;
}
