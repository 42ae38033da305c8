// The function library jobspec2 offers (jobspec2/functions.go at Nomad
// v1.1.0), by name. Those that need a YAML library, bcrypt or RSA, and the
// file system ones where no files are given (the page), are declared (so
// calls to them are recognised and their arguments counted) but fail at the
// call with a message saying they are not available here: never a wrong
// answer.

import { parseGoDuration } from '../../engine/time.ts';
import type { Func } from '../../hcl/eval/eval.ts';
import { CIDR_FUNCTIONS } from '../../hcl/functions/cidr.ts';
import { COLLECTION_FUNCTIONS } from '../../hcl/functions/collections.ts';
import { ENCODING_FUNCTIONS } from '../../hcl/functions/encoding.ts';
import { type FileAccess, fileFunctions } from '../../hcl/functions/filesystem.ts';
import { NUMERIC_FUNCTIONS } from '../../hcl/functions/numeric.ts';
import { STRING_FUNCTIONS } from '../../hcl/functions/strings.ts';
import { timeFunctions } from '../../hcl/functions/time.ts';

const any = (name: string) => ({ name, type: 'any' as const });

function unavailable(why: string, ...params: string[]): Func {
  return {
    params: params.map(any),
    impl: () => {
      throw new Error(why);
    },
  };
}

const FS = 'filesystem functions are not available in the playground, which has no file system';

const SPECIAL: Record<string, Func> = {
  // try, can and convert are evaluated by the evaluator itself (their arguments are not values).
  try: { params: [], varParam: any('expressions'), impl: () => null },
  can: { params: [any('expression')], impl: () => null },
  convert: { params: [any('value'), any('type')], impl: () => null },
  bcrypt: {
    params: [any('str')],
    varParam: any('cost'),
    impl: () => {
      throw new Error('bcrypt is not available in the playground');
    },
  },
  rsadecrypt: unavailable('rsadecrypt is not available in the playground', 'ciphertext', 'privatekey'),
  yamldecode: unavailable('yamldecode is not available in the playground', 'src'),
  yamlencode: unavailable('yamlencode is not available in the playground', 'value'),
  abspath: unavailable(FS, 'path'),
  basename: unavailable(FS, 'path'),
  dirname: unavailable(FS, 'path'),
  file: unavailable(FS, 'path'),
  fileexists: unavailable(FS, 'path'),
  fileset: unavailable(FS, 'path', 'pattern'),
  pathexpand: unavailable(FS, 'path'),
};

/** JOBSPEC_FUNCTIONS is every function a jobspec may call. */
export const JOBSPEC_FUNCTIONS: ReadonlyMap<string, Func> = new Map(
  Object.entries({
    ...STRING_FUNCTIONS,
    ...COLLECTION_FUNCTIONS,
    ...NUMERIC_FUNCTIONS,
    ...ENCODING_FUNCTIONS,
    ...timeFunctions(parseGoDuration),
    ...CIDR_FUNCTIONS,
    ...SPECIAL,
  }),
);

/** jobspecFunctions is the library for one jobspec read: with `files` (the command line), the file system functions read through it, as `nomad job run` lets them; without, they are refused. */
export function jobspecFunctions(files?: FileAccess): ReadonlyMap<string, Func> {
  if (!files) return JOBSPEC_FUNCTIONS;
  return new Map([...JOBSPEC_FUNCTIONS, ...Object.entries(fileFunctions(files))]);
}
