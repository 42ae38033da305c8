// The jobspec's blocks and arguments, as Nomad's api package (v1.1.0) tags
// its structs for HCL (`hcl:"max_parallel,optional"`, `hcl:"group,block"`):
// for each struct, its fields in the struct's order, with the HCL name, the
// API (JSON) name and how the value decodes. `unread` marks Nomad 1.x
// settings that this playground's reconciler (Nomad 0.12's) does not read:
// they are kept in the job and pointed out, never refused.

/** AttrKind is how an argument's value decodes into its API field (gocty's conversion into the Go type). */
export type AttrKind =
  'string' | 'bool' | 'int' | 'int8' | 'uint8' | 'int64' | 'uint64' | 'duration' | 'strings' | 'stringMap';

/** BlockShape is how blocks of one type decode: one struct, a list, a map keyed by label, or free-form maps. */
export type BlockShape = 'one' | 'list' | 'labelMap' | 'stringMap' | 'anyMap' | 'listMap';

/** Field is one HCL argument or block type of a struct. */
export type Field = AttrField | BlockField;

/** AttrField is an argument of a struct. */
export interface AttrField {
  hcl: string;
  api: string;
  attr: AttrKind;
  unread?: boolean;
}

/** BlockField is a block type of a struct; `struct` names the struct its blocks decode into. */
export interface BlockField {
  hcl: string;
  api: string;
  block: BlockShape;
  struct?: string;
  unread?: boolean;
}

/** StructSchema is one api struct: its label field (if any), the label's name in messages, and its fields in order. */
export interface StructSchema {
  label?: { api: string; name: string };
  fields: Field[];
}

const a = (hcl: string, api: string, attr: AttrKind, unread = false): Field => ({
  hcl,
  api,
  attr,
  ...(unread ? { unread } : {}),
});
const b = (hcl: string, api: string, block: BlockShape, struct?: string, unread = false): Field => ({
  hcl,
  api,
  block,
  ...(struct ? { struct } : {}),
  ...(unread ? { unread } : {}),
});

const UPDATE: StructSchema = {
  fields: [
    a('stagger', 'Stagger', 'duration'),
    a('max_parallel', 'MaxParallel', 'int'),
    a('health_check', 'HealthCheck', 'string'),
    a('min_healthy_time', 'MinHealthyTime', 'duration'),
    a('healthy_deadline', 'HealthyDeadline', 'duration'),
    a('progress_deadline', 'ProgressDeadline', 'duration'),
    a('canary', 'Canary', 'int'),
    a('auto_revert', 'AutoRevert', 'bool'),
    a('auto_promote', 'AutoPromote', 'bool'),
  ],
};

const MIGRATE: StructSchema = {
  fields: [
    a('max_parallel', 'MaxParallel', 'int'),
    a('health_check', 'HealthCheck', 'string'),
    a('min_healthy_time', 'MinHealthyTime', 'duration'),
    a('healthy_deadline', 'HealthyDeadline', 'duration'),
  ],
};

const RESCHEDULE: StructSchema = {
  fields: [
    a('attempts', 'Attempts', 'int'),
    a('interval', 'Interval', 'duration'),
    a('delay', 'Delay', 'duration'),
    a('delay_function', 'DelayFunction', 'string'),
    a('max_delay', 'MaxDelay', 'duration'),
    a('unlimited', 'Unlimited', 'bool'),
  ],
};

const RESOURCES: StructSchema = {
  fields: [
    a('cpu', 'CPU', 'int'),
    a('cores', 'Cores', 'int', true),
    a('memory', 'MemoryMB', 'int'),
    a('memory_max', 'MemoryMaxMB', 'int', true),
    a('disk', 'DiskMB', 'int'),
    b('network', 'Networks', 'list', 'NetworkResource'),
    b('device', 'Devices', 'list', 'RequestedDevice'),
    a('iops', 'IOPS', 'int'),
  ],
};

const SIDECAR_TASK: StructSchema = {
  fields: [
    a('name', 'Name', 'string'),
    a('driver', 'Driver', 'string'),
    a('user', 'User', 'string'),
    b('config', 'Config', 'anyMap'),
    b('env', 'Env', 'stringMap'),
    b('resources', 'Resources', 'one', 'Resources'),
    b('meta', 'Meta', 'stringMap'),
    a('kill_timeout', 'KillTimeout', 'duration'),
    b('logs', 'LogConfig', 'one', 'LogConfig'),
    a('shutdown_delay', 'ShutdownDelay', 'duration'),
    a('kill_signal', 'KillSignal', 'string'),
  ],
};

/** SCHEMAS are the api structs a jobspec decodes into, by Go name. */
export const SCHEMAS: Record<string, StructSchema> = {
  Job: {
    fields: [
      a('region', 'Region', 'string'),
      a('namespace', 'Namespace', 'string'),
      a('id', 'ID', 'string'),
      a('name', 'Name', 'string'),
      a('type', 'Type', 'string'),
      a('priority', 'Priority', 'int'),
      a('all_at_once', 'AllAtOnce', 'bool'),
      a('datacenters', 'Datacenters', 'strings'),
      b('constraint', 'Constraints', 'list', 'Constraint'),
      b('affinity', 'Affinities', 'list', 'Affinity'),
      b('group', 'TaskGroups', 'list', 'TaskGroup'),
      b('update', 'Update', 'one', 'UpdateStrategy'),
      b('multiregion', 'Multiregion', 'one', 'Multiregion'),
      b('spread', 'Spreads', 'list', 'Spread'),
      b('periodic', 'Periodic', 'one', 'PeriodicConfig'),
      b('parameterized', 'ParameterizedJob', 'one', 'ParameterizedJobConfig'),
      b('reschedule', 'Reschedule', 'one', 'ReschedulePolicy'),
      b('migrate', 'Migrate', 'one', 'MigrateStrategy'),
      b('meta', 'Meta', 'stringMap'),
      a('consul_token', 'ConsulToken', 'string'),
      a('vault_token', 'VaultToken', 'string'),
    ],
  },
  UpdateStrategy: UPDATE,
  Multiregion: {
    fields: [
      b('strategy', 'Strategy', 'one', 'MultiregionStrategy'),
      b('region', 'Regions', 'list', 'MultiregionRegion'),
    ],
  },
  MultiregionStrategy: { fields: [a('max_parallel', 'MaxParallel', 'int'), a('on_failure', 'OnFailure', 'string')] },
  MultiregionRegion: {
    label: { api: 'Name', name: '' },
    fields: [a('count', 'Count', 'int'), a('datacenters', 'Datacenters', 'strings'), b('meta', 'Meta', 'stringMap')],
  },
  PeriodicConfig: {
    fields: [
      a('enabled', 'Enabled', 'bool'),
      a('cron', 'Spec', 'string'),
      a('prohibit_overlap', 'ProhibitOverlap', 'bool'),
      a('time_zone', 'TimeZone', 'string'),
    ],
  },
  ParameterizedJobConfig: {
    fields: [
      a('payload', 'Payload', 'string'),
      a('meta_required', 'MetaRequired', 'strings'),
      a('meta_optional', 'MetaOptional', 'strings'),
    ],
  },
  RestartPolicy: {
    fields: [
      a('interval', 'Interval', 'duration'),
      a('attempts', 'Attempts', 'int'),
      a('delay', 'Delay', 'duration'),
      a('mode', 'Mode', 'string'),
    ],
  },
  ReschedulePolicy: RESCHEDULE,
  MigrateStrategy: MIGRATE,
  Spread: {
    fields: [
      a('attribute', 'Attribute', 'string'),
      a('weight', 'Weight', 'int8'),
      b('target', 'SpreadTarget', 'list', 'SpreadTarget'),
    ],
  },
  SpreadTarget: { label: { api: 'Value', name: '' }, fields: [a('percent', 'Percent', 'uint8')] },
  EphemeralDisk: {
    fields: [a('sticky', 'Sticky', 'bool'), a('migrate', 'Migrate', 'bool'), a('size', 'SizeMB', 'int')],
  },
  VolumeRequest: {
    label: { api: 'Name', name: 'name' },
    fields: [
      a('type', 'Type', 'string'),
      a('source', 'Source', 'string'),
      a('read_only', 'ReadOnly', 'bool'),
      a('access_mode', 'AccessMode', 'string', true),
      a('attachment_mode', 'AttachmentMode', 'string', true),
      b('mount_options', 'MountOptions', 'one', 'CSIMountOptions', true),
      a('per_alloc', 'PerAlloc', 'bool', true),
    ],
  },
  CSIMountOptions: { fields: [a('fs_type', 'FSType', 'string'), a('mount_flags', 'MountFlags', 'strings')] },
  VolumeMount: {
    fields: [
      a('volume', 'Volume', 'string'),
      a('destination', 'Destination', 'string'),
      a('read_only', 'ReadOnly', 'bool'),
      a('propagation_mode', 'PropagationMode', 'string'),
    ],
  },
  TaskGroup: {
    label: { api: 'Name', name: 'name' },
    fields: [
      a('count', 'Count', 'int'),
      b('constraint', 'Constraints', 'list', 'Constraint'),
      b('affinity', 'Affinities', 'list', 'Affinity'),
      b('task', 'Tasks', 'list', 'Task'),
      b('spread', 'Spreads', 'list', 'Spread'),
      b('volume', 'Volumes', 'labelMap', 'VolumeRequest'),
      b('restart', 'RestartPolicy', 'one', 'RestartPolicy'),
      b('reschedule', 'ReschedulePolicy', 'one', 'ReschedulePolicy'),
      b('ephemeral_disk', 'EphemeralDisk', 'one', 'EphemeralDisk'),
      b('update', 'Update', 'one', 'UpdateStrategy'),
      b('migrate', 'Migrate', 'one', 'MigrateStrategy'),
      b('network', 'Networks', 'list', 'NetworkResource'),
      b('meta', 'Meta', 'stringMap'),
      b('service', 'Services', 'list', 'Service'),
      a('shutdown_delay', 'ShutdownDelay', 'duration'),
      a('stop_after_client_disconnect', 'StopAfterClientDisconnect', 'duration'),
      b('scaling', 'Scaling', 'one', 'ScalingPolicy'),
      b('consul', 'Consul', 'one', 'Consul', true),
    ],
  },
  LogConfig: { fields: [a('max_files', 'MaxFiles', 'int'), a('max_file_size', 'MaxFileSizeMB', 'int')] },
  DispatchPayloadConfig: { fields: [a('file', 'File', 'string')] },
  TaskLifecycle: { fields: [a('hook', 'Hook', 'string'), a('sidecar', 'Sidecar', 'bool')] },
  Task: {
    label: { api: 'Name', name: 'name' },
    fields: [
      a('driver', 'Driver', 'string'),
      a('user', 'User', 'string'),
      b('lifecycle', 'Lifecycle', 'one', 'TaskLifecycle', true),
      b('config', 'Config', 'anyMap'),
      b('constraint', 'Constraints', 'list', 'Constraint'),
      b('affinity', 'Affinities', 'list', 'Affinity'),
      b('env', 'Env', 'stringMap'),
      b('service', 'Services', 'list', 'Service'),
      b('resources', 'Resources', 'one', 'Resources'),
      b('restart', 'RestartPolicy', 'one', 'RestartPolicy'),
      b('meta', 'Meta', 'stringMap'),
      a('kill_timeout', 'KillTimeout', 'duration'),
      b('logs', 'LogConfig', 'one', 'LogConfig'),
      b('artifact', 'Artifacts', 'list', 'TaskArtifact'),
      b('vault', 'Vault', 'one', 'Vault'),
      b('template', 'Templates', 'list', 'Template'),
      b('dispatch_payload', 'DispatchPayload', 'one', 'DispatchPayloadConfig'),
      b('volume_mount', 'VolumeMounts', 'list', 'VolumeMount'),
      b('csi_plugin', 'CSIPluginConfig', 'one', 'TaskCSIPluginConfig', true),
      a('leader', 'Leader', 'bool'),
      a('shutdown_delay', 'ShutdownDelay', 'duration'),
      a('kill_signal', 'KillSignal', 'string'),
      a('kind', 'Kind', 'string'),
    ],
  },
  TaskArtifact: {
    fields: [
      a('source', 'GetterSource', 'string'),
      b('options', 'GetterOptions', 'stringMap'),
      b('headers', 'GetterHeaders', 'stringMap'),
      a('mode', 'GetterMode', 'string'),
      a('destination', 'RelativeDest', 'string'),
    ],
  },
  Template: {
    fields: [
      a('source', 'SourcePath', 'string'),
      a('destination', 'DestPath', 'string'),
      a('data', 'EmbeddedTmpl', 'string'),
      a('change_mode', 'ChangeMode', 'string'),
      a('change_signal', 'ChangeSignal', 'string'),
      a('splay', 'Splay', 'duration'),
      a('perms', 'Perms', 'string'),
      a('left_delimiter', 'LeftDelim', 'string'),
      a('right_delimiter', 'RightDelim', 'string'),
      a('env', 'Envvars', 'bool'),
      a('vault_grace', 'VaultGrace', 'duration'),
    ],
  },
  Vault: {
    fields: [
      a('policies', 'Policies', 'strings'),
      a('namespace', 'Namespace', 'string'),
      a('env', 'Env', 'bool'),
      a('change_mode', 'ChangeMode', 'string'),
      a('change_signal', 'ChangeSignal', 'string'),
    ],
  },
  TaskCSIPluginConfig: {
    fields: [a('id', 'ID', 'string'), a('type', 'Type', 'string'), a('mount_dir', 'MountDir', 'string')],
  },
  Resources: RESOURCES,
  Port: {
    label: { api: 'Label', name: '' },
    fields: [a('static', 'Value', 'int'), a('to', 'To', 'int'), a('host_network', 'HostNetwork', 'string')],
  },
  DNSConfig: {
    fields: [
      a('servers', 'Servers', 'strings'),
      a('searches', 'Searches', 'strings'),
      a('options', 'Options', 'strings'),
    ],
  },
  NetworkResource: {
    fields: [
      a('mode', 'Mode', 'string'),
      a('device', 'Device', 'string'),
      a('cidr', 'CIDR', 'string'),
      a('ip', 'IP', 'string'),
      b('dns', 'DNS', 'one', 'DNSConfig', true),
      b('reserved_ports', 'ReservedPorts', 'list', 'Port'),
      b('port', 'DynamicPorts', 'list', 'Port'),
      a('mbits', 'MBits', 'int'),
    ],
  },
  RequestedDevice: {
    label: { api: 'Name', name: '' },
    fields: [
      a('count', 'Count', 'uint64'),
      b('constraint', 'Constraints', 'list', 'Constraint'),
      b('affinity', 'Affinities', 'list', 'Affinity'),
    ],
  },
  ScalingPolicy: {
    fields: [
      a('min', 'Min', 'int64'),
      a('max', 'Max', 'int64'),
      b('policy', 'Policy', 'anyMap'),
      a('enabled', 'Enabled', 'bool'),
      a('type', 'Type', 'string'),
    ],
  },
  Consul: { fields: [a('namespace', 'Namespace', 'string')] },
  CheckRestart: {
    fields: [
      a('limit', 'Limit', 'int'),
      a('grace', 'Grace', 'duration'),
      a('ignore_warnings', 'IgnoreWarnings', 'bool'),
    ],
  },
  ServiceCheck: {
    fields: [
      a('id', 'Id', 'string'),
      a('name', 'Name', 'string'),
      a('type', 'Type', 'string'),
      a('command', 'Command', 'string'),
      a('args', 'Args', 'strings'),
      a('path', 'Path', 'string'),
      a('protocol', 'Protocol', 'string'),
      a('port', 'PortLabel', 'string'),
      a('expose', 'Expose', 'bool'),
      a('address_mode', 'AddressMode', 'string'),
      a('interval', 'Interval', 'duration'),
      a('timeout', 'Timeout', 'duration'),
      a('initial_status', 'InitialStatus', 'string'),
      a('tls_skip_verify', 'TLSSkipVerify', 'bool'),
      b('header', 'Header', 'listMap'),
      a('method', 'Method', 'string'),
      b('check_restart', 'CheckRestart', 'one', 'CheckRestart'),
      a('grpc_service', 'GRPCService', 'string'),
      a('grpc_use_tls', 'GRPCUseTLS', 'bool'),
      a('task', 'TaskName', 'string'),
      a('success_before_passing', 'SuccessBeforePassing', 'int'),
      a('failures_before_critical', 'FailuresBeforeCritical', 'int'),
      a('body', 'Body', 'string'),
      a('on_update', 'OnUpdate', 'string', true),
    ],
  },
  Service: {
    fields: [
      a('id', 'Id', 'string'),
      a('name', 'Name', 'string'),
      a('tags', 'Tags', 'strings'),
      a('canary_tags', 'CanaryTags', 'strings'),
      a('enable_tag_override', 'EnableTagOverride', 'bool'),
      a('port', 'PortLabel', 'string'),
      a('address_mode', 'AddressMode', 'string'),
      b('check', 'Checks', 'list', 'ServiceCheck'),
      b('check_restart', 'CheckRestart', 'one', 'CheckRestart'),
      b('connect', 'Connect', 'one', 'ConsulConnect', true),
      b('meta', 'Meta', 'stringMap'),
      b('canary_meta', 'CanaryMeta', 'stringMap'),
      a('task', 'TaskName', 'string'),
      a('on_update', 'OnUpdate', 'string', true),
      // Nomad 1.3's service provider (consul or nomad), accepted ahead of v1.1.0.
      a('provider', 'Provider', 'string', true),
    ],
  },
  ConsulConnect: {
    fields: [
      a('native', 'Native', 'bool'),
      b('gateway', 'Gateway', 'one', 'ConsulGateway'),
      b('sidecar_service', 'SidecarService', 'one', 'ConsulSidecarService'),
      b('sidecar_task', 'SidecarTask', 'one', 'SidecarTask'),
    ],
  },
  ConsulSidecarService: {
    fields: [
      a('tags', 'Tags', 'strings'),
      a('port', 'Port', 'string'),
      b('proxy', 'Proxy', 'one', 'ConsulProxy'),
      a('disable_default_tcp_check', 'DisableDefaultTCPCheck', 'bool'),
    ],
  },
  SidecarTask: SIDECAR_TASK,
  ConsulProxy: {
    fields: [
      a('local_service_address', 'LocalServiceAddress', 'string'),
      a('local_service_port', 'LocalServicePort', 'int'),
      b('expose', 'ExposeConfig', 'one', 'ConsulExposeConfig'),
      b('upstreams', 'Upstreams', 'list', 'ConsulUpstream'),
      b('config', 'Config', 'anyMap'),
    ],
  },
  ConsulUpstream: {
    fields: [
      a('destination_name', 'DestinationName', 'string'),
      a('local_bind_port', 'LocalBindPort', 'int'),
      a('datacenter', 'Datacenter', 'string'),
      a('local_bind_address', 'LocalBindAddress', 'string'),
    ],
  },
  ConsulExposeConfig: { fields: [b('path', 'Path', 'list', 'ConsulExposePath')] },
  ConsulExposePath: {
    fields: [
      a('path', 'Path', 'string'),
      a('protocol', 'Protocol', 'string'),
      a('local_path_port', 'LocalPathPort', 'int'),
      a('listener_port', 'ListenerPort', 'string'),
    ],
  },
  ConsulGateway: {
    fields: [
      b('proxy', 'Proxy', 'one', 'ConsulGatewayProxy'),
      b('ingress', 'Ingress', 'one', 'ConsulIngressConfigEntry'),
      b('terminating', 'Terminating', 'one', 'ConsulTerminatingConfigEntry'),
    ],
  },
  ConsulGatewayBindAddress: {
    label: { api: 'Name', name: '' },
    fields: [a('address', 'Address', 'string'), a('port', 'Port', 'int')],
  },
  ConsulGatewayProxy: {
    fields: [
      a('connect_timeout', 'ConnectTimeout', 'duration'),
      a('envoy_gateway_bind_tagged_addresses', 'EnvoyGatewayBindTaggedAddresses', 'bool'),
      b('envoy_gateway_bind_addresses', 'EnvoyGatewayBindAddresses', 'labelMap', 'ConsulGatewayBindAddress'),
      a('envoy_gateway_no_default_bind', 'EnvoyGatewayNoDefaultBind', 'bool'),
      a('envoy_dns_discovery_type', 'EnvoyDNSDiscoveryType', 'string'),
      b('config', 'Config', 'anyMap'),
    ],
  },
  ConsulGatewayTLSConfig: { fields: [a('enabled', 'Enabled', 'bool')] },
  ConsulIngressService: { fields: [a('name', 'Name', 'string'), a('hosts', 'Hosts', 'strings')] },
  ConsulIngressListener: {
    fields: [
      a('port', 'Port', 'int'),
      a('protocol', 'Protocol', 'string'),
      b('service', 'Services', 'list', 'ConsulIngressService'),
    ],
  },
  ConsulIngressConfigEntry: {
    fields: [
      b('tls', 'TLS', 'one', 'ConsulGatewayTLSConfig'),
      b('listener', 'Listeners', 'list', 'ConsulIngressListener'),
    ],
  },
  ConsulLinkedService: {
    fields: [
      a('name', 'Name', 'string'),
      a('ca_file', 'CAFile', 'string'),
      a('cert_file', 'CertFile', 'string'),
      a('key_file', 'KeyFile', 'string'),
      a('sni', 'SNI', 'string'),
    ],
  },
  ConsulTerminatingConfigEntry: { fields: [b('service', 'Services', 'list', 'ConsulLinkedService')] },
};
