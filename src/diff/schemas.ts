// Upstream: hashicorp/nomad nomad/structs/structs.go and services.go at
// dccea99f7e.
//
// The Go structs behind every block a job diff prints, as far as the diff
// sees them: the primitive fields that flatmap.Flatten lists with
// primitiveOnly set (each with the text of its zero value, which a Go struct
// holds when the JSON leaves the field out), and the string maps it lists as
// `Name[key]`. Nested blocks, lists, pointers and unexported fields are not
// primitive, so they are not here; fields a diff filters out are left out.

import { flattenStruct, type StructSchema } from './flatten.ts';
import type { Flat } from './types.ts';

// schema builds a StructSchema from field names grouped by zero value.
function schema(
  zeroes: { text?: string[]; number?: string[]; bool?: string[] },
  maps: readonly string[] = [],
): StructSchema {
  const fields: Flat = {};
  for (const k of zeroes.text ?? []) fields[k] = '';
  for (const k of zeroes.number ?? []) fields[k] = '0';
  for (const k of zeroes.bool ?? []) fields[k] = 'false';
  return { fields, maps };
}

// Job.Diff filters the job's identity, status and indexes (they change on
// every registration) and its update block (a default for the groups).
const JOB = schema(
  {
    text: ['Region', 'Namespace', 'ParentID', 'Name', 'Type', 'ConsulToken', 'VaultToken'],
    number: ['Priority'],
    bool: ['Stop', 'AllAtOnce', 'Dispatched'],
  },
  ['Meta'],
);
// TaskGroup.Diff filters Name; its two pointer durations are added by hand.
const TASK_GROUP = schema({ number: ['Count'] }, ['Meta']);
// Task.Diff filters Name and Config (Config has a block of its own).
const TASK = schema(
  {
    text: ['Driver', 'User', 'KillSignal', 'Kind'],
    number: ['KillTimeout', 'ShutdownDelay'],
    bool: ['Leader'],
  },
  ['Env', 'Meta'],
);
const CONSTRAINT = schema({ text: ['LTarget', 'RTarget', 'Operand'] });
const AFFINITY = schema({ text: ['LTarget', 'RTarget', 'Operand'], number: ['Weight'] });
const RESTART_POLICY = schema({ text: ['Mode'], number: ['Attempts', 'Interval', 'Delay'] });
const RESCHEDULE_POLICY = schema({
  text: ['DelayFunction'],
  number: ['Attempts', 'Interval', 'Delay', 'MaxDelay'],
  bool: ['Unlimited'],
});
const EPHEMERAL_DISK = schema({ number: ['SizeMB'], bool: ['Sticky', 'Migrate'] });
// TaskGroup.Diff filters the update block's Stagger.
const UPDATE_STRATEGY = schema({
  text: ['HealthCheck'],
  number: ['MaxParallel', 'MinHealthyTime', 'HealthyDeadline', 'ProgressDeadline', 'Canary'],
  bool: ['AutoRevert', 'AutoPromote'],
});
const LOG_CONFIG = schema({ number: ['MaxFiles', 'MaxFileSizeMB'] });
const DISPATCH_PAYLOAD = schema({ text: ['File'] });
const ARTIFACT = schema({ text: ['GetterSource', 'GetterMode', 'RelativeDest'] }, ['GetterOptions']);
const TEMPLATE = schema({
  text: ['SourcePath', 'DestPath', 'EmbeddedTmpl', 'ChangeMode', 'ChangeSignal', 'Perms', 'LeftDelim', 'RightDelim'],
  number: ['Splay', 'VaultGrace'],
  bool: ['Envvars'],
});
const VAULT = schema({ text: ['ChangeMode', 'ChangeSignal'], bool: ['Env'] });
const RESOURCES = schema({ number: ['CPU', 'MemoryMB', 'DiskMB', 'IOPS'] });
// NetworkResource.Diff filters Device, CIDR and IP.
const NETWORK = schema({ text: ['Mode'], number: ['MBits'] });
const STATIC_PORT = schema({ text: ['Label'], number: ['Value', 'To'] });
// portDiffs filters a dynamic port's Value, which the scheduler picks.
const DYNAMIC_PORT = schema({ text: ['Label'], number: ['To'] });
const DEVICE = schema({ text: ['Name'], number: ['Count'] });
const PERIODIC = schema({ text: ['Spec', 'SpecType', 'TimeZone'], bool: ['Enabled', 'ProhibitOverlap'] });
const PARAMETERIZED_JOB = schema({ text: ['Payload'] });
const MULTIREGION_STRATEGY = schema({ text: ['OnFailure'], number: ['MaxParallel'] });
const MULTIREGION_REGION = schema({ text: ['Name'], number: ['Count'] }, ['Meta']);
const SERVICE = schema({ text: ['Name', 'PortLabel', 'AddressMode'], bool: ['EnableTagOverride'] }, [
  'Meta',
  'CanaryMeta',
]);
const SERVICE_CHECK = schema({
  text: [
    'Name',
    'Type',
    'Command',
    'Path',
    'Protocol',
    'PortLabel',
    'AddressMode',
    'InitialStatus',
    'Method',
    'GRPCService',
    'TaskName',
  ],
  number: ['Interval', 'Timeout'],
  bool: ['Expose', 'TLSSkipVerify', 'GRPCUseTLS'],
});
const CHECK_RESTART = schema({ number: ['Limit', 'Grace'], bool: ['IgnoreWarnings'] });
const CONSUL_CONNECT = schema({ bool: ['Native'] });
const SIDECAR_SERVICE = schema({ text: ['Port'] });
// A sidecar task's kill timeout and shutdown delay are pointers, and its
// config holds interface values: none of them is primitive.
const SIDECAR_TASK = schema({ text: ['Name', 'Driver', 'User', 'KillSignal'] }, ['Env', 'Meta']);
const CONSUL_PROXY = schema({ text: ['LocalServiceAddress'], number: ['LocalServicePort'] });
const CONSUL_UPSTREAM = schema({ text: ['DestinationName'], number: ['LocalBindPort'] });

/** Flatten is one struct's flattener: its primitive fields, null when the block is absent. */
export type Flatten = (v: unknown) => Flat | null;

const flattener =
  (s: StructSchema): Flatten =>
  (v) =>
    flattenStruct(v, s);

/** flat holds each struct's flattener, named after the struct. */
export const flat = {
  Job: flattener(JOB),
  TaskGroup: flattener(TASK_GROUP),
  Task: flattener(TASK),
  Constraint: flattener(CONSTRAINT),
  Affinity: flattener(AFFINITY),
  RestartPolicy: flattener(RESTART_POLICY),
  ReschedulePolicy: flattener(RESCHEDULE_POLICY),
  EphemeralDisk: flattener(EPHEMERAL_DISK),
  UpdateStrategy: flattener(UPDATE_STRATEGY),
  LogConfig: flattener(LOG_CONFIG),
  DispatchPayload: flattener(DISPATCH_PAYLOAD),
  Artifact: flattener(ARTIFACT),
  Template: flattener(TEMPLATE),
  Vault: flattener(VAULT),
  Resources: flattener(RESOURCES),
  Network: flattener(NETWORK),
  StaticPort: flattener(STATIC_PORT),
  DynamicPort: flattener(DYNAMIC_PORT),
  Device: flattener(DEVICE),
  Periodic: flattener(PERIODIC),
  ParameterizedJob: flattener(PARAMETERIZED_JOB),
  MultiregionStrategy: flattener(MULTIREGION_STRATEGY),
  MultiregionRegion: flattener(MULTIREGION_REGION),
  Service: flattener(SERVICE),
  ServiceCheck: flattener(SERVICE_CHECK),
  CheckRestart: flattener(CHECK_RESTART),
  ConsulConnect: flattener(CONSUL_CONNECT),
  SidecarService: flattener(SIDECAR_SERVICE),
  SidecarTask: flattener(SIDECAR_TASK),
  ConsulProxy: flattener(CONSUL_PROXY),
  ConsulUpstream: flattener(CONSUL_UPSTREAM),
} as const;
