// A jobspec file read as jobspec2 reads it (Nomad v1.1.0, parse.go and
// types.config.go): variables and locals first, then the one job block
// decoded with them in scope (its `dynamic` blocks expanded, a reference to
// anything else, such as `${NOMAD_META_x}` or `${attr.kernel.name}`, kept as
// literal text for the client to interpolate), then normalised
// (normalizeJob: ID and name from the label, ports, templates, vault).

import type { Meter } from '../../hcl/budget.ts';
import { Context, type Func, type Scope } from '../../hcl/eval/eval.ts';
import { JOBSPEC_FUNCTIONS } from './functions.ts';
import type { Value, ValueMap } from '../../hcl/eval/value.ts';
import type { Body, Expr } from '../../hcl/syntax/ast.ts';
import { type Out, checkContent, checkLabels, decodeBody, decodeStruct, inStructOrder } from './decode.ts';
import './groups.ts';
import { decodeAsAttribute } from './groups.ts';
import './placement.ts';
import type { StructSchema } from './schema.ts';
import { SCHEMAS_16 } from './schema16.ts';
import { HclDiagnosticCode, type Sink } from './sink.ts';
import { Variables, evaluateLocals, type VariableInfo } from './variables.ts';
import { type ParsedVarFile, varFileAssignments } from './varFiles.ts';
import { type BlockView, BodyView, viewOfBlock } from './view.ts';

/** DecodedJobSpec is the API job (null when the jobspec has errors) and the variables it declares. */
export interface DecodedJobSpec {
  job: Out | null;
  variables: VariableInfo[];
}

/** decodeJobSpec decodes a parsed file into the API job, with the variables' values given from outside (parsed var files, then `values`: the command line's -var, a scenario's JobSpecVariables), the function library its expressions call (variables' validation rules call the library without files, as in jobspec2), and the meter that holds the read to its budget. */
export function decodeJobSpec(
  file: Body,
  sink: Sink,
  values: Record<string, unknown>,
  varFiles: readonly ParsedVarFile[],
  functions: ReadonlyMap<string, Func>,
  meter: Meter,
): DecodedJobSpec {
  const top = new BodyView(file, new Context({ functions: JOBSPEC_FUNCTIONS, meter }, new Map()), sink, false);
  checkContent(top, [], ['job', 'locals', 'variable', 'variables']);
  const labelled = new Map([
    ['variable', ['name']],
    ['job', ['name']],
    ['locals', []],
    ['variables', []],
  ]);
  const blocks = file.blocks.filter(
    (b) =>
      labelled.has(b.type) && checkLabels(sink, viewOfBlock(b, top.ctx, sink, false), labelled.get(b.type) as string[]),
  );
  const variables = new Variables(sink, { functions: JOBSPEC_FUNCTIONS, meter });
  // As jobspec2 does, variables and locals are all read before any error stops the read.
  variables.declare(blocks);
  const fromFiles = varFileAssignments(varFiles, meter);
  variables.assignFiles(fromFiles.assignments);
  if (fromFiles.complete) variables.assign(values);
  const vars = variables.values();
  const scope: Scope = {
    functions,
    meter,
    undefinedVariable: (e) => keptLiteral(sink.text, e),
  };
  const context = (locals: ValueMap) =>
    new Context(
      scope,
      new Map<string, Value>([
        ['var', vars],
        ['local', locals],
      ]),
    );
  const locals = evaluateLocals(
    blocks.filter((b) => b.type === 'locals').map((b) => b.body),
    sink,
    context,
    variables.unset(),
  );
  if (locals === null || sink.hasErrors) return { job: null, variables: variables.info };
  const jobs = blocks.filter((b) => b.type === 'job');
  const first = jobs[0];
  if (!first) {
    sink.error(HclDiagnosticCode.Structure, 'Missing job block', 'A job block is required', file.missingSpan);
    return { job: null, variables: variables.info };
  }
  for (const extra of jobs.slice(1)) {
    sink.error(
      HclDiagnosticCode.Structure,
      'Duplicate job block',
      `Only one block of type "job" is allowed. Previous definition was at ${sink.rangeText(first.typeSpan)}.`,
      extra.typeSpan,
    );
  }
  const view = viewOfBlock(first, context(locals), sink, true);
  const job = decodeJob(view);
  return { job: sink.hasErrors ? null : job, variables: variables.info };
}

// decodeJob decodes the job block: meta as a block or an argument, the
// job-level vault block and tasks outside groups, then the rest.
function decodeJob(block: BlockView): Out {
  const sink = block.body.sink;
  const id = block.labels[0] as string;
  sink.place('Job', block.defSpan);
  const meta = decodeAsAttribute(block.body, 'meta', 'Job.Meta');
  const rest = meta.rest;
  let vault: Out | null = null;
  let vaultBlock: BlockView | null = null;
  const tasks: Out[] = [];
  for (const b of rest.blocks) {
    if (b.type === 'vault') {
      if (!checkLabels(sink, b, [])) continue;
      if (vaultBlock) {
        sink.error(
          HclDiagnosticCode.Structure,
          'Duplicate vault block',
          `Only one block of type "vault" is allowed. Previous definition was at ${sink.rangeText(vaultBlock.defSpan)}.`,
          b.defSpan,
        );
        continue;
      }
      vaultBlock = b;
      vault = decodeBody(b.body, 'Vault', 'Job.Vault');
    } else if (b.type === 'task') {
      if (!checkLabels(sink, b, ['name'])) continue;
      const t = decodeBody(b.body, 'Task', `Job.TaskGroups[${tasks.length}].Tasks[0]`);
      if (t) tasks.push({ Name: b.labels[0], ...t });
    }
  }
  const job = decodeStruct(rest.hide([], ['vault', 'task']), rest.sink.schemas.Job as StructSchema, 'Job');
  if (meta.map) job.Meta = meta.map;
  return normalizeJob(job, id, tasks, vault);
}

/** normalizeJob applies jobspec2's normalisation: ID and Name from the label, lone tasks as groups, ports, templates, vault defaults. */
function normalizeJob(job: Out, id: string, tasks: Out[], vault: Out | null): Out {
  const out: Out = {};
  // Keep the struct's key order, with ID and Name in their places (1.6's
  // order is 0.12's with its own fields after).
  for (const f of (SCHEMAS_16.Job as StructSchema).fields) {
    if (f.api === 'ID' || f.api === 'Name') out[f.api] = job[f.api] ?? id;
    else if (job[f.api] !== undefined) out[f.api] = job[f.api];
  }
  const periodic = out.Periodic as Out | undefined;
  if (periodic && periodic.Spec !== undefined) {
    const { Enabled, Spec, ...others } = periodic;
    out.Periodic = { ...(Enabled !== undefined ? { Enabled } : {}), Spec, SpecType: 'cron', ...others };
  }
  if (vault) vault = normalizeVault(vault);
  const groups: Out[] = [
    ...tasks.map((t) => ({ Name: t.Name, Tasks: [t] })),
    ...((out.TaskGroups as Out[] | undefined) ?? []),
  ];
  if (groups.length > 0) out.TaskGroups = groups;
  for (const g of groups) {
    normalizePorts(g.Networks);
    for (const t of (g.Tasks as Out[] | undefined) ?? []) {
      normalizePorts((t.Resources as Out | undefined)?.Networks);
      if (Array.isArray(t.Templates))
        t.Templates = (t.Templates as Out[]).map((tmpl) =>
          inStructOrder({ ChangeMode: 'restart', Perms: '0644', Splay: 5_000_000_000, ...tmpl }, 'Template'),
        );
      if (t.Vault) t.Vault = normalizeVault(t.Vault as Out);
      else if (vault) t.Vault = { ...vault };
    }
  }
  return out;
}

function normalizeVault(v: Out): Out {
  return inStructOrder({ Env: true, ChangeMode: 'restart', ...v }, 'Vault');
}

// normalizePorts moves `port` blocks with a static value into the
// reserved ports (replacing any reserved_ports blocks), as jobspec2 does.
function normalizePorts(networks: unknown): void {
  if (!Array.isArray(networks)) return;
  networks.forEach((n: Out, i) => {
    const dynamic = n.DynamicPorts as Out[] | undefined;
    if (!dynamic || dynamic.length === 0) return;
    const isStatic = (p: Out) => typeof p.Value === 'number' && p.Value > 0;
    const reserved = dynamic.filter(isStatic);
    const rest = dynamic.filter((p) => !isStatic(p));
    // Rebuilt in the struct's order: reserved ports come before dynamic ones.
    const out: Out = {};
    for (const f of (SCHEMAS_16.NetworkResource as StructSchema).fields) {
      if (f.api === 'ReservedPorts') {
        if (reserved.length > 0) out.ReservedPorts = reserved;
      } else if (f.api === 'DynamicPorts') {
        if (rest.length > 0) out.DynamicPorts = rest;
      } else if (n[f.api] !== undefined) out[f.api] = n[f.api];
    }
    networks[i] = out;
  });
}

/**
 * keptLiteral is what a reference to an undefined variable becomes:
 * its own text as an interpolation (`${NOMAD_META_x}`, or the whole `${ … }`
 * it stands in, spaces kept), as Nomad's fork of HCL gives it back.
 */
export function keptLiteral(text: string, e: Expr & { kind: 'scope' }): Value {
  const start = e.span.start;
  const end = e.span.end;
  let v = text.slice(start, end);
  let bracketed = false;
  for (let i = start - 1; i >= 1; i--) {
    if (text[i] === '{' && text[i - 1] === '$') {
      bracketed = true;
      v = text.slice(i - 1, start) + v;
      break;
    } else if (text[i] !== ' ') break;
  }
  if (!bracketed) return '${' + v + '}';
  for (let i = end + 1; i < text.length; i++) {
    if (text[i] === '}') v += text.slice(end, i);
    else if (text[i] !== ' ') {
      v += '}';
      break;
    }
  }
  return v;
}
