// Upstream: hashicorp/nomad nomad/structs/diff.go at dccea99f7e (fieldDiff,
// fieldDiffs and the sort orders of FieldDiffs and ObjectDiffs).
//
// Comparing two flattened values field by field, and the order in which a
// plan lists fields and blocks.

import type { DiffType, FieldDiff, Flat, ObjectDiff } from './types.ts';

/**
 * fieldDiff compares one field's old and new text. As upstream, an empty
 * text means "not there": "" → "x" is an addition and "x" → "" a removal.
 * Equal texts give null, or with `contextual` a diff of type None.
 */
export function fieldDiff(oldV: string, newV: string, name: string, contextual: boolean): FieldDiff | null {
  if (oldV === newV) {
    return contextual ? { Type: 'None', Name: name, Old: oldV, New: newV, Annotations: [] } : null;
  }
  if (oldV === '') return { Type: 'Added', Name: name, Old: '', New: newV, Annotations: [] };
  if (newV === '') return { Type: 'Deleted', Name: name, Old: oldV, New: '', Annotations: [] };
  return { Type: 'Edited', Name: name, Old: oldV, New: newV, Annotations: [] };
}

/** fieldDiffs compares two flattened values (null: the value is absent) and returns the changed fields, sorted. */
export function fieldDiffs(
  oldFlat: Readonly<Flat> | null,
  newFlat: Readonly<Flat> | null,
  contextual: boolean,
): FieldDiff[] {
  const o = oldFlat ?? {};
  const n = newFlat ?? {};
  const diffs: FieldDiff[] = [];
  for (const k of Object.keys(o)) {
    const d = fieldDiff(o[k]!, n[k] ?? '', k, contextual);
    if (d) diffs.push(d);
  }
  for (const k of Object.keys(n)) {
    if (k in o) continue;
    const d = fieldDiff('', n[k]!, k, contextual);
    if (d) diffs.push(d);
  }
  return diffs.sort(compareFieldDiffs);
}

// Upstream sorts changes first: Edited, then Added, then Deleted, then None.
const TYPE_RANK: Record<DiffType, number> = { Edited: 0, Added: 1, Deleted: 2, None: 3 };

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** compareFieldDiffs orders fields by name, then old value, then new value. */
export function compareFieldDiffs(a: FieldDiff, b: FieldDiff): number {
  return compareStrings(a.Name, b.Name) || compareStrings(a.Old, b.Old) || compareStrings(a.New, b.New);
}

/**
 * compareObjectDiffs orders blocks by name, then change type (edited before
 * added before deleted), then by how many fields and blocks they hold, then
 * by their first differing field and block. Upstream's last step is not a
 * strict order; this one is, so equal inputs always print alike.
 */
export function compareObjectDiffs(a: ObjectDiff, b: ObjectDiff): number {
  const byHead =
    compareStrings(a.Name, b.Name) ||
    TYPE_RANK[a.Type] - TYPE_RANK[b.Type] ||
    a.Fields.length - b.Fields.length ||
    a.Objects.length - b.Objects.length;
  if (byHead !== 0) return byHead;
  for (let i = 0; i < a.Fields.length; i++) {
    const c = compareFieldDiffs(a.Fields[i]!, b.Fields[i]!);
    if (c !== 0) return c;
  }
  for (let i = 0; i < a.Objects.length; i++) {
    const c = compareObjectDiffs(a.Objects[i]!, b.Objects[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

/** sortObjectDiffs sorts blocks in place in upstream's order and returns them. */
export function sortObjectDiffs(objects: ObjectDiff[]): ObjectDiff[] {
  return objects.sort(compareObjectDiffs);
}

/** anyChange reports whether a list of field or block diffs holds a real change. */
export function anyChange(diffs: readonly { Type: DiffType }[]): boolean {
  return diffs.some((d) => d.Type !== 'None');
}
