// Upstream: hashicorp/nomad nomad/structs/structs.go at dccea99f7e.
//
// The Go structs behind the blocks the model carries as plain JSON, as far
// as a diff prints them: their primitive fields with zero values, and their
// map fields. (Memoized and unexported fields, which upstream filters or
// skips, are not listed.)

import { flattenStruct, type StructSchema } from './flatten.ts';
import type { Flat } from './types.ts';

const CONSTRAINT: StructSchema = { fields: { LTarget: '', RTarget: '', Operand: '' }, maps: [] };
const AFFINITY: StructSchema = { fields: { LTarget: '', RTarget: '', Operand: '', Weight: '0' }, maps: [] };
const ARTIFACT: StructSchema = {
  fields: { GetterSource: '', GetterMode: '', RelativeDest: '' },
  maps: ['GetterOptions'],
};
const TEMPLATE: StructSchema = {
  fields: {
    SourcePath: '',
    DestPath: '',
    EmbeddedTmpl: '',
    ChangeMode: '',
    ChangeSignal: '',
    Splay: '0',
    Perms: '',
    LeftDelim: '',
    RightDelim: '',
    Envvars: 'false',
    VaultGrace: '0',
  },
  maps: [],
};
const VAULT: StructSchema = { fields: { Env: 'false', ChangeMode: '', ChangeSignal: '' }, maps: [] };

/** flatConstraint flattens a constraint block (LTarget, RTarget, Operand). */
export const flatConstraint = (v: unknown): Flat | null => flattenStruct(v, CONSTRAINT);
/** flatAffinity flattens an affinity block (a constraint's fields and Weight). */
export const flatAffinity = (v: unknown): Flat | null => flattenStruct(v, AFFINITY);
/** flatArtifact flattens an artifact block (GetterSource, GetterMode, RelativeDest, GetterOptions[…]). */
export const flatArtifact = (v: unknown): Flat | null => flattenStruct(v, ARTIFACT);
/** flatTemplate flattens a template block. */
export const flatTemplate = (v: unknown): Flat | null => flattenStruct(v, TEMPLATE);
/** flatVault flattens a vault block's primitives (its Policies are diffed as a set of their own). */
export const flatVault = (v: unknown): Flat | null => flattenStruct(v, VAULT);
