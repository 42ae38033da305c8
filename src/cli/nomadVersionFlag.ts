// --nomad-version: which reconciler a command runs, for every file it reads,
// whatever each file's NomadVersion says. Shared by the runner and share.

import { NOMAD_VERSIONS, type NomadVersion, isNomadVersion } from '../scenario/nomadVersion.ts';
import { type FlagResult, flagValue } from './variables.ts';

/** NOMAD_VERSION_HELP is the flag's line in a command's help. */
export const NOMAD_VERSION_HELP = `  --nomad-version ${NOMAD_VERSIONS.join('|')}
                      run this version's reconciler for every file, whatever
                      its NomadVersion says (default: the file's; else 0.12)`;

/** takeNomadVersionFlag reads --nomad-version at argv[i] into `into.nomadVersion`; any value but 0.12 and 1.6 is a mistake. */
export function takeNomadVersionFlag(
  argv: readonly string[],
  i: number,
  into: { nomadVersion: NomadVersion | null },
): FlagResult {
  const flag = flagValue(argv, i, '--nomad-version');
  if (flag === null) return null;
  if (!isNomadVersion(flag.value)) {
    const choices = NOMAD_VERSIONS.join(' or ');
    return {
      error:
        flag.value === undefined
          ? `--nomad-version needs a value: ${choices}`
          : `unknown Nomad version ${JSON.stringify(flag.value)}: use ${choices}`,
    };
  }
  into.nomadVersion = flag.value;
  return flag.last;
}
