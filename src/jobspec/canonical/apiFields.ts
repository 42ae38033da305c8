// The field names of the job's objects in Nomad's JSON, as data: for each
// object, the fields of the nomad/structs type (in its order, which is the
// order `nomad job inspect` prints) and then those only the api package has,
// both at dccea99f7e; and, apart, the fields later Nomad releases (up to
// 2.0) added, which a cluster of today prints. Taken from the Go type
// declarations of those packages; fields Go's encoder skips (`json:"-"`)
// are left out.

/** ApiObjectFields are one object's field names: at dccea99f7e, and added since. */
export interface ApiObjectFields {
  /** fields are the object's fields at dccea99f7e: the stored (structs) order first, then the api package's own. */
  fields: readonly string[];
  /** later are the fields later Nomad releases added. */
  later: readonly string[];
}

const f = (fields: string, later: string): ApiObjectFields => ({
  fields: fields.split(' '),
  later: later === '' ? [] : later.split(' '),
});

/** API_FIELDS maps each object of a job (named after its Go type) to its field names. */
export const API_FIELDS = {
  Job: f(
    'Stop Region Namespace ID ParentID Name Type Priority AllAtOnce Datacenters Constraints Affinities Spreads TaskGroups Update Multiregion Periodic ParameterizedJob Dispatched Payload Meta ConsulToken VaultToken Status StatusDescription Stable Version SubmitTime CreateIndex ModifyIndex JobModifyIndex Reschedule Migrate',
    'NodePool DispatchIdempotencyToken ConsulNamespace VaultNamespace NomadTokenID UI VersionTag',
  ),
  TaskGroup: f(
    'Name Count Update Migrate Constraints Scaling RestartPolicy Tasks EphemeralDisk Meta ReschedulePolicy Affinities Spreads Networks Services Volumes ShutdownDelay StopAfterClientDisconnect',
    'Disconnect Consul MaxRunDuration MaxClientDisconnect PreventRescheduleOnLost',
  ),
  Task: f(
    'Name Driver User Config Env Services Vault Templates Constraints Affinities Resources RestartPolicy DispatchPayload Lifecycle Meta KillTimeout LogConfig Artifacts Leader ShutdownDelay VolumeMounts KillSignal Kind CSIPluginConfig',
    'Secrets Consul ScalingPolicies Identity Identities Actions Schedule',
  ),
  Resources: f('CPU MemoryMB DiskMB IOPS Networks Devices', 'Cores MemoryMaxMB NUMA SecretsMB'),
  NetworkResource: f('Mode Device CIDR IP MBits ReservedPorts DynamicPorts', 'Hostname DNS CNI'),
  Port: f('Label Value To', 'HostNetwork IgnoreCollision'),
  RequestedDevice: f('Name Count Constraints Affinities', ''),
  UpdateStrategy: f(
    'Stagger MaxParallel HealthCheck MinHealthyTime HealthyDeadline ProgressDeadline AutoRevert AutoPromote Canary',
    '',
  ),
  ReschedulePolicy: f('Attempts Interval Delay DelayFunction MaxDelay Unlimited', ''),
  MigrateStrategy: f('MaxParallel HealthCheck MinHealthyTime HealthyDeadline', ''),
  RestartPolicy: f('Attempts Interval Delay Mode', 'RenderTemplates'),
  EphemeralDisk: f('Sticky SizeMB Migrate', ''),
  Constraint: f('LTarget RTarget Operand', ''),
  Affinity: f('LTarget RTarget Operand Weight', ''),
  Spread: f('Attribute Weight SpreadTarget', ''),
  SpreadTarget: f('Value Percent', ''),
  Multiregion: f('Strategy Regions', ''),
  MultiregionStrategy: f('MaxParallel OnFailure', ''),
  MultiregionRegion: f('Name Count Datacenters Meta', 'NodePool'),
  PeriodicConfig: f('Enabled Spec SpecType ProhibitOverlap TimeZone', 'Specs'),
  ParameterizedJobConfig: f('Payload MetaRequired MetaOptional', ''),
  TaskArtifact: f('GetterSource GetterOptions GetterMode RelativeDest', 'GetterHeaders GetterInsecure Chown'),
  Template: f(
    'SourcePath DestPath EmbeddedTmpl ChangeMode ChangeSignal Splay Perms LeftDelim RightDelim Envvars VaultGrace',
    'ChangeScript Once Uid Gid Wait ErrMissingKey',
  ),
  Vault: f('Policies Env ChangeMode ChangeSignal', 'Role Namespace Cluster DisableFile AllowTokenExpiration'),
  LogConfig: f('MaxFiles MaxFileSizeMB', 'Disabled Enabled'),
  Service: f(
    'Name PortLabel AddressMode EnableTagOverride Tags CanaryTags Checks Connect Meta CanaryMeta Id CheckRestart',
    'TaskName Address Weights TaggedAddresses Namespace OnUpdate Provider Cluster Identity Kind',
  ),
  ServiceCheck: f(
    'Name Type Command Args Path Protocol PortLabel Expose AddressMode Interval Timeout InitialStatus TLSSkipVerify Method Header CheckRestart GRPCService GRPCUseTLS TaskName Id',
    'Notes TLSServerName SuccessBeforePassing FailuresBeforeCritical FailuresBeforeWarning Body OnUpdate Advertise',
  ),
  CheckRestart: f('Limit Grace IgnoreWarnings', ''),
  ScalingPolicy: f('ID Target Policy Min Max Enabled CreateIndex ModifyIndex Namespace', 'Type'),
  VolumeRequest: f('Name Type Source ReadOnly MountOptions', 'Sticky AccessMode AttachmentMode PerAlloc'),
  VolumeMount: f('Volume Destination ReadOnly PropagationMode', 'SELinuxLabel'),
  TaskLifecycle: f('Hook Sidecar', ''),
  DispatchPayloadConfig: f('File', ''),
  TaskCSIPluginConfig: f('ID Type MountDir', 'StagePublishBaseDir HealthTimeout'),
} as const satisfies Record<string, ApiObjectFields>;

/** ApiObject names an object of a job that API_FIELDS describes. */
export type ApiObject = keyof typeof API_FIELDS;
