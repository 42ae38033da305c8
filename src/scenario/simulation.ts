// The rollout simulator's settings: the document's optional `Simulation`
// object, which the reconciler ignores.

import type { Duration } from '../engine/structs.ts';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, readDuration, readObject } from './fields.ts';

/** SimulationSettings tune how the simulator's clients behave. */
export interface SimulationSettings {
  /** AllocStartup is how long a new allocation stays pending before its tasks run; absent means the simulator's default. */
  AllocStartup?: Duration;
}

/** readSimulation reads the document's Simulation object, or returns null when it is absent. */
export function readSimulation(r: Reader, value: unknown): SimulationSettings | null {
  const object = readObject(r, value, '', 'Simulation');
  if (object === null) return null;
  const settings: SimulationSettings = {};
  if (object.AllocStartup != null) {
    const startup = readDuration(r, object.AllocStartup, 'Simulation', 'AllocStartup', 0);
    if (startup < 0)
      r.report(DiagnosticCode.OutOfRange, 'Simulation.AllocStartup', 'a start-up time cannot be negative');
    else settings.AllocStartup = startup;
  }
  return settings;
}
