// Groups and tasks as jobspec2 decodes them (hcl_conversions.go):
// `meta` and `env` as a block or as an argument, a group's `vault` block
// for the tasks without one, a group's `scaling` policy and a task's
// `scaling "cpu"` / `scaling "mem"` policies.

import {
  type Out,
  checkLabels,
  decodeAttribute,
  decodeBody,
  decodeStruct,
  inStructOrder,
  notReadHint,
  registerDecoder,
} from './decode.ts';
import type { StructSchema } from './schema.ts';
import { HclDiagnosticCode } from './sink.ts';
import type { BlockView, BodyView } from './view.ts';

/**
 * decodeAsAttribute reads `name = { … }` (a map of strings) when the body
 * has that argument, and returns the body without it; a `name` block beside
 * it is refused. Without the argument the body is returned as it is, and
 * the block (if any) is decoded with the rest.
 */
export function decodeAsAttribute(
  view: BodyView,
  name: string,
  path: string,
): { map: Out | undefined; rest: BodyView } {
  const attr = view.attribute(name);
  if (!attr) return { map: undefined, rest: view };
  const rest = view.hide([name], []);
  const block = rest.blocks.find((b) => b.type === name);
  if (block) {
    view.sink.error(
      HclDiagnosticCode.Structure,
      `Duplicate ${name} block`,
      `${name} may not be defined more than once. Another definition is defined at ${view.sink.rangeText(attr.span)}.`,
      block.defSpan,
    );
    return { map: undefined, rest };
  }
  view.sink.place(path, attr.nameSpan);
  const map = decodeAttribute(view, attr, 'stringMap') as Out | undefined;
  return { map, rest };
}

/** decodeTaskGroup decodes a group: meta as an argument, the group's vault block, the scaling policy's checks. */
function decodeTaskGroup(view: BodyView, path: string): Out | null {
  const meta = decodeAsAttribute(view, 'meta', `${path}.Meta`);
  let rest = meta.rest;
  const vaults = rest.blocks.filter((b) => b.type === 'vault');
  let vault: Out | null = null;
  for (const v of vaults) {
    if (checkLabels(view.sink, v, [])) vault = decodeBody(v.body, 'Vault', `${path}.Vault`);
  }
  rest = rest.hide([], ['vault']);
  const g = decodeStruct(rest, rest.sink.schemas.TaskGroup as StructSchema, path);
  if (meta.map) g.Meta = meta.map;
  if (vault) for (const t of (g.Tasks as Out[] | undefined) ?? []) t.Vault ??= vault;
  const scaling = g.Scaling as Out | undefined;
  if (scaling) {
    scaling.Type ||= 'horizontal';
    validateGroupScaling(rest, scaling);
  }
  return inStructOrder(g, 'TaskGroup');
}

// validateGroupScaling requires a group scaling policy's max, and its type to be horizontal.
function validateGroupScaling(view: BodyView, p: Out): void {
  if (p.Max !== undefined && p.Type === 'horizontal') return;
  const block = view.blocks.find((b) => b.type === 'scaling');
  if (!block) return;
  if (!block.body.attribute('max')) {
    view.sink.error(
      HclDiagnosticCode.Structure,
      'Missing required argument',
      'The argument "max" is required, but no definition was found.',
      block.body.missingSpan,
    );
  }
  const type = block.body.attribute('type');
  if (p.Type !== 'horizontal' && type) {
    view.sink.error(
      HclDiagnosticCode.ValueType,
      'Invalid group scaling type',
      `task group scaling policy had invalid type: ${JSON.stringify(p.Type)}`,
      type.expr.span,
    );
  }
}

/** decodeTask decodes a task: env and meta as arguments, its vertical scaling policies. */
function decodeTask(view: BodyView, path: string): Out | null {
  const env = decodeAsAttribute(view, 'env', `${path}.Env`);
  const meta = decodeAsAttribute(env.rest, 'meta', `${path}.Meta`);
  const rest = meta.rest;
  const scaling = rest.blocks.filter((b) => b.type === 'scaling');
  const policies = scaling.length > 0 ? taskScalingPolicies(rest, scaling, path) : [];
  const t = decodeStruct(rest.hide([], ['scaling']), rest.sink.schemas.Task as StructSchema, path);
  if (env.map) t.Env = env.map;
  if (meta.map) t.Meta = meta.map;
  if (policies.length > 0) t.ScalingPolicies = policies;
  return inStructOrder(t, 'Task');
}

const POLICY_TYPES: Record<string, string> = { cpu: 'vertical_cpu', mem: 'vertical_mem' };

// taskScalingPolicies decodes a task's `scaling "cpu"` and `scaling "mem"` blocks.
function taskScalingPolicies(view: BodyView, blocks: BlockView[], path: string): Out[] {
  const out: Out[] = [];
  const seen = new Map<string, BlockView>();
  for (const b of blocks) {
    if (!checkLabels(view.sink, b, ['name'])) continue;
    notReadHint(view.sink, 'scaling', b.typeSpan);
    const label = (b.labels[0] as string).toLowerCase();
    const policyType = POLICY_TYPES[label];
    if (!policyType) {
      view.sink.error(
        HclDiagnosticCode.Structure,
        'Invalid scaling policy name',
        'scaling policy name must be "cpu" or "mem"',
        b.labelSpans[0] as BlockView['typeSpan'],
      );
      continue;
    }
    const prev = seen.get(label);
    if (prev) {
      view.sink.error(
        HclDiagnosticCode.Structure,
        `Duplicate scaling "${label}" block`,
        `Only one scaling ${label} block is allowed. Another was defined at ${view.sink.rangeText(prev.defSpan)}.`,
        b.defSpan,
      );
      continue;
    }
    seen.set(label, b);
    const p = decodeStruct(
      b.body,
      b.body.sink.schemas.ScalingPolicy as StructSchema,
      `${path}.ScalingPolicies[${out.length}]`,
    );
    if (!p.Type) p.Type = policyType;
    else if (p.Type !== policyType) {
      view.sink.error(
        HclDiagnosticCode.ValueType,
        'Invalid scaling policy type',
        `Invalid policy type, expected ${JSON.stringify(p.Type)} but found ${JSON.stringify(policyType)}`,
        b.defSpan,
      );
      continue;
    }
    out.push(p);
  }
  return out;
}

registerDecoder('TaskGroup', decodeTaskGroup);
registerDecoder('Task', decodeTask);
