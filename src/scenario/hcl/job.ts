// The jobspec's `job`, `group` and `task` blocks mapped to the API job, as
// Nomad's jobspec parser (`jobspec/parse_job.go`, `parse_group.go`,
// `parse_task.go`, `parse_network.go` at dccea99f7e) maps them. Job-level
// update, reschedule and migrate stay on the job: the scenario reader merges
// them into the groups as Nomad's API canonicalisation does.

import { type Body, type Fields, HclDiagnosticCode } from './decode.ts';
import {
  EPHEMERAL_DISK_FIELDS,
  MIGRATE_FIELDS,
  RESCHEDULE_FIELDS,
  RESTART_FIELDS,
  UPDATE_FIELDS,
  freeFormBlocks,
  looseBlocks,
  placement,
  simpleBlock,
  stringMap,
  vault,
} from './stanzas.ts';

type Out = Record<string, unknown>;

const JOB_FIELDS: Fields = {
  all_at_once: ['AllAtOnce', 'bool'],
  datacenters: ['Datacenters', 'strings'],
  id: ['ID', 'string'],
  name: ['Name', 'string'],
  namespace: ['Namespace', 'string'],
  priority: ['Priority', 'int'],
  region: ['Region', 'string'],
  type: ['Type', 'string'],
  vault_token: ['VaultToken', 'string'],
  consul_token: ['ConsulToken', 'string'],
};
const JOB_BLOCKS = ['constraint', 'affinity', 'spread', 'group', 'meta', 'migrate', 'parameterized', 'periodic', 'reschedule', 'task', 'update', 'vault', 'multiregion'];

/** mapFile maps a jobspec file's body (exactly one `job` block) to the API job, or null when it has none. */
export function mapFile(file: Body): Out | null {
  file.check([], ['job']);
  const jobs = file.blocks('job', 1, () => 'Job');
  if (jobs.length === 0) {
    if (!file.items.some((i) => i.kind === 'block' && i.name === 'job')) {
      file.decoder.error(HclDiagnosticCode.Structure, file.range, 'Missing job block', 'A jobspec must have one job block: job "NAME" { … }.');
    }
    return null;
  }
  const [first, ...extras] = jobs as [Body, ...Body[]];
  for (const extra of extras) {
    file.decoder.error(HclDiagnosticCode.Structure, extra.range, 'Duplicate job block', `Only one job block is allowed. Another was defined on line ${first.range.line}.`);
  }
  return mapJob(first);
}

// mapJob maps the job block; its label is the job's ID and Name unless
// `id` or `name` say otherwise.
function mapJob(b: Body): Out {
  b.check(Object.keys(JOB_FIELDS), JOB_BLOCKS);
  const job: Out = { ID: b.label, Name: b.label };
  b.fields(JOB_FIELDS, job);
  placement(b, job, true);
  simpleBlock(b, 'update', 'Update', UPDATE_FIELDS, job);
  simpleBlock(b, 'reschedule', 'Reschedule', RESCHEDULE_FIELDS, job);
  simpleBlock(b, 'migrate', 'Migrate', MIGRATE_FIELDS, job);
  periodic(b, job);
  simpleBlock(b, 'parameterized', 'ParameterizedJob', { payload: ['Payload', 'string'], meta_required: ['MetaRequired', 'strings'], meta_optional: ['MetaOptional', 'strings'] }, job);
  multiregion(b, job);
  const meta = stringMap(b, 'meta', 'Meta');
  if (meta) job.Meta = meta;

  const groups: Out[] = [];
  // A task outside any group is a group of its own, named after it.
  for (const t of b.blocks('task', 1, (i) => `Job.TaskGroups[${i}].Tasks[0]`)) {
    groups.push({ Name: t.label, Tasks: [mapTask(t)] });
  }
  const seen = new Set<string>();
  for (const g of b.blocks('group', 1, (i) => `Job.TaskGroups[${groups.length + i}]`)) {
    if (seen.has(g.label)) {
      g.decoder.error(HclDiagnosticCode.Structure, g.range, `Duplicate group "${g.label}"`, `group '${g.label}' defined more than once.`);
      continue;
    }
    seen.add(g.label);
    groups.push(mapGroup(g));
  }
  if (groups.length > 0) job.TaskGroups = groups;

  // A job-level vault block applies to every task without its own.
  const jobVault = vault(b, 'Job.Vault');
  if (jobVault) inheritVault(groups, jobVault);
  return job;
}

function inheritVault(groups: Out[], v: Out): void {
  for (const g of groups) for (const t of (g.Tasks as Out[] | undefined) ?? []) t.Vault ??= v;
}

function periodic(b: Body, job: Out): void {
  const p = b.single('periodic', 'Job.Periodic');
  if (!p) return;
  const fields: Fields = { enabled: ['Enabled', 'bool'], cron: ['Spec', 'string'], prohibit_overlap: ['ProhibitOverlap', 'bool'], time_zone: ['TimeZone', 'string'] };
  p.check(Object.keys(fields), []);
  const out: Out = {};
  p.fields(fields, out);
  if (out.Spec !== undefined) out.SpecType = 'cron';
  job.Periodic = out;
}

function multiregion(b: Body, job: Out): void {
  const m = b.single('multiregion', 'Job.Multiregion');
  if (!m) return;
  m.check([], ['strategy', 'region']);
  const out: Out = {};
  simpleBlock(m, 'strategy', 'Strategy', { max_parallel: ['MaxParallel', 'int'], on_failure: ['OnFailure', 'string'] }, out);
  const regions: Out[] = [];
  const seen = new Set<string>();
  for (const r of m.blocks('region', 1, (i) => `Job.Multiregion.Regions[${i}]`)) {
    r.check(['count', 'datacenters'], ['meta']);
    if (seen.has(r.label)) {
      r.decoder.error(HclDiagnosticCode.Structure, r.range, `Duplicate region "${r.label}"`, `region '${r.label}' defined more than once.`);
      continue;
    }
    seen.add(r.label);
    const region: Out = { Name: r.label };
    r.fields({ count: ['Count', 'int'], datacenters: ['Datacenters', 'strings'] }, region);
    const meta = stringMap(r, 'meta', 'Meta');
    if (meta) region.Meta = meta;
    regions.push(region);
  }
  if (regions.length === 0) {
    m.decoder.error(HclDiagnosticCode.Structure, m.range, 'Missing region block', "'multiregion' requires one or more 'region' blocks.");
  }
  out.Regions = regions;
  job.Multiregion = out;
}

const GROUP_FIELDS: Fields = {
  count: ['Count', 'int'],
  shutdown_delay: ['ShutdownDelay', 'duration'],
  stop_after_client_disconnect: ['StopAfterClientDisconnect', 'duration'],
};
const GROUP_BLOCKS = ['constraint', 'affinity', 'restart', 'meta', 'task', 'ephemeral_disk', 'update', 'reschedule', 'vault', 'migrate', 'spread', 'network', 'service', 'volume', 'scaling'];

function mapGroup(b: Body): Out {
  b.check(Object.keys(GROUP_FIELDS), GROUP_BLOCKS);
  const g: Out = { Name: b.label };
  b.fields(GROUP_FIELDS, g);
  placement(b, g, true);
  simpleBlock(b, 'restart', 'RestartPolicy', RESTART_FIELDS, g);
  simpleBlock(b, 'ephemeral_disk', 'EphemeralDisk', EPHEMERAL_DISK_FIELDS, g);
  simpleBlock(b, 'update', 'Update', UPDATE_FIELDS, g);
  simpleBlock(b, 'reschedule', 'ReschedulePolicy', RESCHEDULE_FIELDS, g);
  simpleBlock(b, 'migrate', 'Migrate', MIGRATE_FIELDS, g);
  const network = networkBlock(b, `${b.path}.Networks[0]`);
  if (network) g.Networks = [network];
  const meta = stringMap(b, 'meta', 'Meta');
  if (meta) g.Meta = meta;
  const services = looseBlocks(b, 'service', 0, 'Services');
  if (services.length > 0) g.Services = services;
  const volumes = looseBlocks(b, 'volume', 1, 'Volumes');
  if (volumes.length > 0) g.Volumes = Object.fromEntries(volumes.map((v) => [v.Name, v]));
  const scaling = looseBlocks(b, 'scaling', 0, 'Scaling');
  if (scaling.length > 0) g.Scaling = scaling[0];

  const tasks: Out[] = [];
  const seen = new Set<string>();
  for (const t of b.blocks('task', 1, (i) => `${b.path}.Tasks[${i}]`)) {
    if (seen.has(t.label)) {
      t.decoder.error(HclDiagnosticCode.Structure, t.range, `Duplicate task "${t.label}"`, `task '${t.label}' defined more than once.`);
      continue;
    }
    seen.add(t.label);
    tasks.push(mapTask(t));
  }
  if (tasks.length > 0) g.Tasks = tasks;
  const groupVault = vault(b, `${b.path}.Vault`);
  if (groupVault) inheritVault([g], groupVault);
  return g;
}

// networkBlock maps a `network` block: a port with a `static` value is
// reserved, any other dynamic.
function networkBlock(b: Body, path: string): Out | undefined {
  const n = b.single('network', path);
  if (!n) return undefined;
  n.check(['mode', 'mbits'], ['port']);
  const out: Out = {};
  n.fields({ mode: ['Mode', 'string'], mbits: ['MBits', 'int'] }, out);
  const reserved: Out[] = [];
  const dynamic: Out[] = [];
  const seen = new Set<string>();
  for (const p of n.blocks('port', 1, (i) => `${path}.Ports[${i}]`)) {
    p.check(['static', 'to', 'host_network'], []);
    const label = p.label;
    if (!/^[a-zA-Z0-9_]+$/.test(label)) {
      p.decoder.error(HclDiagnosticCode.Structure, p.range, 'Invalid port label', 'Port label does not conform to naming requirements ^[a-zA-Z0-9_]+$.');
      continue;
    }
    if (seen.has(label.toLowerCase())) {
      p.decoder.error(HclDiagnosticCode.Structure, p.range, 'Duplicate port label', `found a port label collision: ${label}.`);
      continue;
    }
    seen.add(label.toLowerCase());
    const port: Out = { Label: label };
    p.fields({ static: ['Value', 'int'], to: ['To', 'int'], host_network: ['HostNetwork', 'string'] }, port);
    if (typeof port.Value === 'number' && port.Value > 0) reserved.push(port);
    else dynamic.push(port);
  }
  if (reserved.length > 0) out.ReservedPorts = reserved;
  if (dynamic.length > 0) out.DynamicPorts = dynamic;
  return out;
}

const TASK_FIELDS: Fields = {
  driver: ['Driver', 'string'],
  user: ['User', 'string'],
  kill_timeout: ['KillTimeout', 'duration'],
  shutdown_delay: ['ShutdownDelay', 'duration'],
  kill_signal: ['KillSignal', 'string'],
  leader: ['Leader', 'bool'],
  kind: ['Kind', 'string'],
};
const TASK_BLOCKS = [
  'config', 'env', 'resources', 'meta', 'logs', 'artifact', 'constraint', 'affinity', 'dispatch_payload', 'lifecycle',
  'restart', 'service', 'template', 'vault', 'volume_mount', 'csi_plugin',
];

function mapTask(b: Body): Out {
  b.check(Object.keys(TASK_FIELDS), TASK_BLOCKS);
  const t: Out = { Name: b.label };
  b.fields(TASK_FIELDS, t);
  const config = freeFormBlocks(b, 'config', 'Config');
  if (config) t.Config = config;
  const env = stringMap(b, 'env', 'Env');
  if (env) t.Env = env;
  const meta = stringMap(b, 'meta', 'Meta');
  if (meta) t.Meta = meta;
  placement(b, t, false);
  resources(b, t);
  simpleBlock(b, 'restart', 'RestartPolicy', RESTART_FIELDS, t);
  simpleBlock(b, 'logs', 'LogConfig', { max_files: ['MaxFiles', 'int'], max_file_size: ['MaxFileSizeMB', 'int'] }, t);
  simpleBlock(b, 'dispatch_payload', 'DispatchPayload', { file: ['File', 'string'] }, t);
  simpleBlock(b, 'lifecycle', 'Lifecycle', { hook: ['Hook', 'string'], sidecar: ['Sidecar', 'bool'] }, t);
  simpleBlock(b, 'csi_plugin', 'CSIPluginConfig', { id: ['ID', 'string'], type: ['Type', 'string'], mount_dir: ['MountDir', 'string'] }, t);
  artifacts(b, t);
  templates(b, t);
  const mounts: Out[] = [];
  for (const m of b.blocks('volume_mount', 0, (i) => `${b.path}.VolumeMounts[${i}]`)) {
    const fields: Fields = { volume: ['Volume', 'string'], destination: ['Destination', 'string'], read_only: ['ReadOnly', 'bool'], propagation_mode: ['PropagationMode', 'string'] };
    m.check(Object.keys(fields), []);
    const mount: Out = {};
    m.fields(fields, mount);
    mounts.push(mount);
  }
  if (mounts.length > 0) t.VolumeMounts = mounts;
  const services = looseBlocks(b, 'service', 0, 'Services');
  if (services.length > 0) t.Services = services;
  const v = vault(b, `${b.path}.Vault`);
  if (v) t.Vault = v;
  return t;
}

function resources(b: Body, t: Out): void {
  const r = b.single('resources', `${b.path}.Resources`);
  if (!r) return;
  r.check(['cpu', 'iops', 'disk', 'memory'], ['network', 'device']);
  const out: Out = {};
  r.fields({ cpu: ['CPU', 'int'], memory: ['MemoryMB', 'int'], disk: ['DiskMB', 'int'], iops: ['IOPS', 'int'] }, out);
  const network = networkBlock(r, `${r.path}.Networks[0]`);
  if (network) out.Networks = [network];
  const devices: Out[] = [];
  for (const d of r.blocks('device', 1, (i) => `${r.path}.Devices[${i}]`)) {
    d.check(['name', 'count'], ['affinity', 'constraint']);
    const device: Out = { Name: d.label };
    d.fields({ count: ['Count', 'int'] }, device);
    placement(d, device, false);
    devices.push(device);
  }
  if (devices.length > 0) out.Devices = devices;
  t.Resources = out;
}

function artifacts(b: Body, t: Out): void {
  const list: Out[] = [];
  for (const a of b.blocks('artifact', 0, (i) => `${b.path}.Artifacts[${i}]`)) {
    a.check(['source', 'mode', 'destination', 'options'], ['options']);
    const out: Out = {};
    a.fields({ source: ['GetterSource', 'string'], mode: ['GetterMode', 'string'], destination: ['RelativeDest', 'string'] }, out);
    const options = stringMap(a, 'options', 'GetterOptions');
    if (options) out.GetterOptions = options;
    list.push(out);
  }
  if (list.length > 0) t.Artifacts = list;
}

const TEMPLATE_FIELDS: Fields = {
  change_mode: ['ChangeMode', 'string'],
  change_signal: ['ChangeSignal', 'string'],
  data: ['EmbeddedTmpl', 'string'],
  destination: ['DestPath', 'string'],
  left_delimiter: ['LeftDelim', 'string'],
  perms: ['Perms', 'string'],
  right_delimiter: ['RightDelim', 'string'],
  source: ['SourcePath', 'string'],
  splay: ['Splay', 'duration'],
  env: ['Envvars', 'bool'],
  vault_grace: ['VaultGrace', 'duration'],
};

// templates maps `template` blocks with the defaults Nomad's parser sets
// before reading each one (restart on change, a 5s splay, 0644).
function templates(b: Body, t: Out): void {
  const list: Out[] = [];
  for (const tb of b.blocks('template', 0, (i) => `${b.path}.Templates[${i}]`)) {
    tb.check(Object.keys(TEMPLATE_FIELDS), []);
    const out: Out = { ChangeMode: 'restart', Splay: 5_000_000_000, Perms: '0644' };
    tb.fields(TEMPLATE_FIELDS, out);
    list.push(out);
  }
  if (list.length > 0) t.Templates = list;
}
