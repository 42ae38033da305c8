// The blocks that appear at several levels of a jobspec (constraint,
// affinity, spread, update, migrate, reschedule, restart, meta, …), each
// mapped to its API object as Nomad's jobspec parser maps it.

import { type Body, type Fields, HclDiagnosticCode, convertValue } from './decode.ts';

type Out = Record<string, unknown>;

/** UPDATE_FIELDS are the arguments of an `update` block. */
export const UPDATE_FIELDS: Fields = {
  stagger: ['Stagger', 'duration'],
  max_parallel: ['MaxParallel', 'int'],
  health_check: ['HealthCheck', 'string'],
  min_healthy_time: ['MinHealthyTime', 'duration'],
  healthy_deadline: ['HealthyDeadline', 'duration'],
  progress_deadline: ['ProgressDeadline', 'duration'],
  auto_revert: ['AutoRevert', 'bool'],
  auto_promote: ['AutoPromote', 'bool'],
  canary: ['Canary', 'int'],
};

/** MIGRATE_FIELDS are the arguments of a `migrate` block. */
export const MIGRATE_FIELDS: Fields = {
  max_parallel: ['MaxParallel', 'int'],
  health_check: ['HealthCheck', 'string'],
  min_healthy_time: ['MinHealthyTime', 'duration'],
  healthy_deadline: ['HealthyDeadline', 'duration'],
};

/** RESCHEDULE_FIELDS are the arguments of a `reschedule` block. */
export const RESCHEDULE_FIELDS: Fields = {
  attempts: ['Attempts', 'int'],
  interval: ['Interval', 'duration'],
  unlimited: ['Unlimited', 'bool'],
  delay: ['Delay', 'duration'],
  max_delay: ['MaxDelay', 'duration'],
  delay_function: ['DelayFunction', 'string'],
};

/** RESTART_FIELDS are the arguments of a `restart` block. */
export const RESTART_FIELDS: Fields = {
  attempts: ['Attempts', 'int'],
  interval: ['Interval', 'duration'],
  delay: ['Delay', 'duration'],
  mode: ['Mode', 'string'],
};

/** EPHEMERAL_DISK_FIELDS are the arguments of an `ephemeral_disk` block. */
export const EPHEMERAL_DISK_FIELDS: Fields = {
  sticky: ['Sticky', 'bool'],
  size: ['SizeMB', 'int'],
  migrate: ['Migrate', 'bool'],
};

/** simpleBlock maps the one block of a type that takes only `fields` to its API object at `api`, when the body has one. */
export function simpleBlock(body: Body, type: string, api: string, fields: Fields, out: Out, defaults: Out = {}): void {
  const block = body.single(type, `${body.path}.${api}`);
  if (!block) return;
  block.check(Object.keys(fields), []);
  const value: Out = { ...defaults };
  block.fields(fields, value);
  out[api] = value;
}

/**
 * stringMap merges the `type` blocks (and a `type = { … }` argument) of a
 * body into one map of strings: Nomad merges repeated `meta` and `env`
 * blocks. Returns undefined when there is none.
 */
export function stringMap(body: Body, type: string, api: string): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  const path = `${body.path}.${api}`;
  const attr = body.attribute(type);
  if (attr) {
    const v = convertValue(body.value(type), 'stringMap');
    if (v === undefined) body.decoder.error(HclDiagnosticCode.ValueType, attr.range, 'Incorrect attribute value type', `Inappropriate value for attribute "${type}": a map of strings is required.`);
    else out = { ...(v as Record<string, string>) };
    body.decoder.place(path, attr.range);
  }
  for (const block of body.blocks(type, 0, () => path)) {
    out ??= {};
    for (const item of block.items) {
      if (item.kind === 'block') {
        block.decoder.error(HclDiagnosticCode.Unsupported, item.range, 'Unsupported block type', `Blocks of type "${item.name}" are not expected here.`);
        continue;
      }
      const v = convertValue(block.value(item.name), 'string');
      if (v === undefined) {
        block.decoder.error(HclDiagnosticCode.ValueType, item.range, 'Incorrect attribute value type', `Inappropriate value for attribute "${item.name}": a string is required.`);
        continue;
      }
      out[item.name] = v as string;
      block.decoder.place(`${path}[${JSON.stringify(item.name)}]`, item.range);
    }
  }
  return out;
}

/** freeFormBlocks merges the `type` blocks of a body (a task's `config`) into one object, values as written. */
export function freeFormBlocks(body: Body, type: string, api: string): Out | undefined {
  let out: Out | undefined;
  for (const block of body.blocks(type, 0, () => `${body.path}.${api}`)) {
    out = { ...(out ?? {}), ...block.freeForm() };
  }
  return out;
}

const CONSTRAINT_ARGS = ['attribute', 'distinct_hosts', 'distinct_property', 'operator', 'regexp', 'set_contains', 'value', 'version', 'semver'];
const AFFINITY_ARGS = ['attribute', 'operator', 'regexp', 'set_contains', 'set_contains_any', 'set_contains_all', 'value', 'version', 'semver', 'weight'];
// The arguments that set both the operator (their own name) and the right-hand value.
const CONSTRAINT_OPERATORS = ['version', 'semver', 'regexp', 'set_contains'];
const AFFINITY_OPERATORS = ['version', 'semver', 'regexp', 'set_contains_any', 'set_contains_all', 'set_contains'];

// str reads an argument as a string ("" when absent), reporting a wrong type.
function str(block: Body, name: string): string {
  const item = block.attribute(name);
  if (!item) return '';
  const v = convertValue(block.value(name), 'string');
  if (v === undefined) {
    block.decoder.error(HclDiagnosticCode.ValueType, item.range, 'Incorrect attribute value type', `Inappropriate value for attribute "${name}": a string is required.`);
    return '';
  }
  return v as string;
}

/** constraints maps a body's `constraint` blocks to API Constraints; `distinct_hosts = false` drops the block, as Nomad does. */
export function constraints(body: Body, out: Out): void {
  const list: Out[] = [];
  for (const block of body.blocks('constraint', 0, (i) => `${body.path}.Constraints[${i}]`)) {
    block.check(CONSTRAINT_ARGS, []);
    let lTarget = str(block, 'attribute');
    let rTarget = str(block, 'value');
    let operand = str(block, 'operator');
    for (const op of CONSTRAINT_OPERATORS) {
      if (block.attribute(op)) {
        operand = op;
        rTarget = str(block, op);
      }
    }
    const hosts = block.attribute('distinct_hosts');
    if (hosts) {
      const enabled = convertValue(block.value('distinct_hosts'), 'bool');
      if (enabled === undefined) {
        block.decoder.error(HclDiagnosticCode.ValueType, hosts.range, 'Incorrect attribute value type', 'Inappropriate value for attribute "distinct_hosts": a bool is required.');
      }
      if (enabled !== true) continue;
      operand = 'distinct_hosts';
    }
    if (block.attribute('distinct_property')) {
      operand = 'distinct_property';
      lTarget = str(block, 'distinct_property');
    }
    list.push({ LTarget: lTarget, RTarget: rTarget, Operand: operand || '=' });
  }
  if (list.length > 0) out.Constraints = list;
}

/** affinities maps a body's `affinity` blocks to API Affinities. */
export function affinities(body: Body, out: Out): void {
  const list: Out[] = [];
  for (const block of body.blocks('affinity', 0, (i) => `${body.path}.Affinities[${i}]`)) {
    block.check(AFFINITY_ARGS, []);
    let rTarget = str(block, 'value');
    let operand = str(block, 'operator');
    for (const op of AFFINITY_OPERATORS) {
      if (block.attribute(op)) {
        operand = op;
        rTarget = str(block, op);
      }
    }
    const a: Out = { LTarget: str(block, 'attribute'), RTarget: rTarget, Operand: operand || '=' };
    block.fields({ weight: ['Weight', 'int'] }, a);
    list.push(a);
  }
  if (list.length > 0) out.Affinities = list;
}

/** spreads maps a body's `spread` blocks, with their `target` blocks, to API Spreads. */
export function spreads(body: Body, out: Out): void {
  const list: Out[] = [];
  for (const block of body.blocks('spread', 0, (i) => `${body.path}.Spreads[${i}]`)) {
    block.check(['attribute', 'weight'], ['target']);
    const s: Out = {};
    block.fields({ attribute: ['Attribute', 'string'], weight: ['Weight', 'int'] }, s);
    const targets: Out[] = [];
    const seen = new Set<string>();
    for (const t of block.blocks('target', 1, (i) => `${block.path}.SpreadTarget[${i}]`)) {
      t.check(['percent', 'value'], []);
      const name = t.label;
      if (seen.has(name)) {
        t.decoder.error(HclDiagnosticCode.Structure, t.range, `Duplicate target "${name}"`, `target '${name}' defined more than once.`);
        continue;
      }
      seen.add(name);
      const target: Out = { Value: name };
      t.fields({ value: ['Value', 'string'], percent: ['Percent', 'int'] }, target);
      targets.push(target);
    }
    if (targets.length > 0) s.SpreadTarget = targets;
    list.push(s);
  }
  if (list.length > 0) out.Spreads = list;
}

/** placement maps the constraint, affinity and spread blocks a body may have. */
export function placement(body: Body, out: Out, withSpread: boolean): void {
  constraints(body, out);
  affinities(body, out);
  if (withSpread) spreads(body, out);
}

/** VAULT_DEFAULTS are what Nomad's parser sets on a vault block before reading it. */
export const VAULT_DEFAULTS: Out = { Env: true, ChangeMode: 'restart' };

/** vault maps a body's `vault` block, or returns undefined when it has none. */
export function vault(body: Body, path: string): Out | undefined {
  const block = body.single('vault', path);
  if (!block) return undefined;
  const fields: Fields = {
    policies: ['Policies', 'strings'],
    namespace: ['Namespace', 'string'],
    env: ['Env', 'bool'],
    change_mode: ['ChangeMode', 'string'],
    change_signal: ['ChangeSignal', 'string'],
  };
  block.check(Object.keys(fields), []);
  const out: Out = { ...VAULT_DEFAULTS };
  block.fields(fields, out);
  return out;
}

/** looseBlocks maps blocks that the playground does not model (service, volume, scaling, …) by name only: `port_label` becomes `PortLabel`, nested blocks become lists. Their arguments are not checked. */
export function looseBlocks(body: Body, type: string, labels: number, api: string): Out[] {
  const out: Out[] = [];
  for (const block of body.blocks(type, labels, (i) => `${body.path}.${api}[${i}]`)) {
    const value = pascalKeys(block.freeForm()) as Out;
    if (labels === 1) value.Name ??= block.label;
    out.push(value);
  }
  return out;
}

function pascalKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(pascalKeys);
  if (typeof v !== 'object' || v === null) return v;
  const out: Out = {};
  for (const [k, x] of Object.entries(v)) {
    const name = k.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
    out[name] = pascalKeys(x);
  }
  return out;
}
