// The jobspec's blocks and arguments as Nomad v1.6.5's api package tags
// them, for a scenario that asks for Nomad 1.6: the v1.1.0 schema
// (schema.ts) with what 1.6 added that its reconciler reads, and with the
// settings its tasksUpdated compares no longer marked unread. Each entry
// below says where it goes; everything else is v1.1.0's, unchanged.

import { type Field, SCHEMAS, type StructSchema } from './schema.ts';

// Arguments and blocks v1.6.5 added, by the struct they go into, after its own fields.
const ADDED: Record<string, Field[]> = {
  Job: [{ hcl: 'node_pool', api: 'NodePool', attr: 'string' }],
  TaskGroup: [{ hcl: 'max_client_disconnect', api: 'MaxClientDisconnect', attr: 'duration' }],
  RestartPolicy: [{ hcl: 'render_templates', api: 'RenderTemplates', attr: 'bool' }],
  LogConfig: [{ hcl: 'disabled', api: 'Disabled', attr: 'bool' }],
  Task: [{ hcl: 'identity', api: 'Identity', block: 'one', struct: 'WorkloadIdentity' }],
  NetworkResource: [{ hcl: 'hostname', api: 'Hostname', attr: 'string' }],
};

// Structs only v1.6.5 has.
const NEW_STRUCTS: Record<string, StructSchema> = {
  WorkloadIdentity: {
    fields: [
      { hcl: 'env', api: 'Env', attr: 'bool' },
      { hcl: 'file', api: 'File', attr: 'bool' },
    ],
  },
};

// Settings marked unread for 0.12 that 1.6.5's tasksUpdated compares, by struct and HCL name.
const READ_BY_16: Record<string, readonly string[]> = {
  Resources: ['cores', 'memory_max'],
  TaskGroup: ['consul'],
  Task: ['csi_plugin'],
  NetworkResource: ['dns'],
  Service: ['connect'],
};

/** SCHEMAS_16 are the api structs a jobspec decodes into under Nomad 1.6, by Go name. */
export const SCHEMAS_16: Record<string, StructSchema> = (() => {
  const out: Record<string, StructSchema> = { ...SCHEMAS, ...NEW_STRUCTS };
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const read = READ_BY_16[name] ?? [];
    const added = ADDED[name] ?? [];
    if (read.length === 0 && added.length === 0) continue;
    const fields = schema.fields.map((f) => (read.includes(f.hcl) ? { ...f, unread: false } : f));
    out[name] = { ...schema, fields: [...fields, ...added] };
  }
  return out;
})();
