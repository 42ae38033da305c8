// Which reconciler a scenario asks for: the seed's (Nomad 0.12, the default)
// or Nomad v1.6.5's. The version is read before anything else, because it
// decides which values the rest of the document may hold.

import { type ParseError, applyEdits, modify, parseTree } from 'jsonc-parser';
import { DiagnosticCode } from './diagnostics.ts';
import { type Reader, describeValue } from './fields.ts';

/** NOMAD_VERSIONS are the reconcilers a scenario may choose, the default first. */
export const NOMAD_VERSIONS = ['0.12', '1.6'] as const;

/** NomadVersion names one reconciler: "0.12" (the seed, dccea99f7e) or "1.6" (v1.6.5). */
export type NomadVersion = (typeof NOMAD_VERSIONS)[number];

/** otherNomadVersion is the version a scenario read for `v` is compared with (Compare versions). */
export function otherNomadVersion(v: NomadVersion): NomadVersion {
  return v === '1.6' ? '0.12' : '1.6';
}

/** isNomadVersion reports whether a value names a reconciler the playground has; the command line checks its flag with it. */
export function isNomadVersion(value: unknown): value is NomadVersion {
  return typeof value === 'string' && (NOMAD_VERSIONS as readonly string[]).includes(value);
}

/**
 * readNomadVersion reads the document's `NomadVersion`: absent or null is
 * "0.12". Only the strings are accepted: as a number, 1.6 could not be told
 * from 1.60, nor 0.12 from 0.120.
 */
export function readNomadVersion(r: Reader, value: unknown): NomadVersion {
  if (value === undefined || value === null) return '0.12';
  if (isNomadVersion(value)) return value;
  const choices = NOMAD_VERSIONS.map((v) => JSON.stringify(v)).join(' or ');
  if (typeof value === 'string') {
    r.report(
      DiagnosticCode.NotInEnum,
      NOMAD_VERSION_KEY,
      `${describeValue(value)} is not a reconciler the playground has: give ${choices}`,
    );
  } else {
    r.wrongType('', NOMAD_VERSION_KEY, `the string ${choices}`, value);
  }
  return '0.12';
}

/**
 * withNomadVersion sets a scenario document's NomadVersion in its text,
 * keeping the rest as written (the share command's --nomad-version: a link
 * carries the text, so the choice must be in it). A text that is not a JSON
 * object is returned as it is, for the reader to report.
 */
export function withNomadVersion(text: string, version: NomadVersion): string {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || tree?.type !== 'object') return text;
  const edits = modify(text, [NOMAD_VERSION_KEY], version, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
  });
  return applyEdits(text, edits);
}

/** NOMAD_VERSION_KEY is the document field that chooses the reconciler. */
export const NOMAD_VERSION_KEY = 'NomadVersion';

/**
 * documentNomadVersion is the version a parsed document asks for, before
 * it is read (a JobSpec is decoded and stored as that version's Nomad
 * does): `override` when given (--nomad-version), else its NomadVersion
 * when that is one, else "0.12" (the reader reports a bad value).
 */
export function documentNomadVersion(doc: unknown, override?: NomadVersion): NomadVersion {
  if (override !== undefined) return override;
  const v = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)[NOMAD_VERSION_KEY] : undefined;
  return isNomadVersion(v) ? v : '0.12';
}
