// Tasks and the resources they ask for, with Nomad's API defaults.

import type { NetworkResource, Port, RequestedDevice, Resources, Task } from '../engine/structs.ts';
import {
  DEFAULT_CPU,
  DEFAULT_DEVICE_COUNT,
  DEFAULT_MEMORY_MB,
  DEFAULT_NETWORK_MBITS,
  DEFAULT_TASK_KILL_TIMEOUT,
} from '../jobspec/canonical/defaults.ts';
import {
  type Reader,
  isObject,
  readArray,
  readCount,
  readDuration,
  readInt,
  readJson,
  readJsonList,
  readJsonObject,
  readObject,
  readObjectList,
  readRequiredString,
  readString,
  readStringMap,
} from './fields.ts';
import { readNetwork16Fields, readResources16Fields, readTask16Fields } from './nomad16.ts';
import { childPath, indexPath } from './path.ts';

/** readTask reads the task at `path`; null when it is not an object (reported). */
export function readTask(r: Reader, value: unknown, path: string): Task | null {
  if (!isObject(value)) {
    r.wrongTypeAt(path, 'a task object', value);
    return null;
  }
  const task: Task = {
    Name: readRequiredString(r, value.Name, path, 'Name', true),
    Driver: readString(r, value.Driver, path, 'Driver', ''),
    User: readString(r, value.User, path, 'User', ''),
    Config: readJsonObject(r, value.Config, path, 'Config'),
    Env: readStringMap(r, value.Env, path, 'Env'),
    Artifacts: readJsonList(r, value.Artifacts, path, 'Artifacts'),
    Vault: readJson(r, value.Vault, path, 'Vault', null),
    Templates: readJsonList(r, value.Templates, path, 'Templates'),
    Meta: readStringMap(r, value.Meta, path, 'Meta'),
    Affinities: readObjectList(r, value.Affinities, path, 'Affinities'),
    KillTimeout: readDuration(r, value.KillTimeout, path, 'KillTimeout', DEFAULT_TASK_KILL_TIMEOUT),
    Resources: readResources(r, value.Resources, path, 'Resources'),
  };
  if (r.nomad16) readTask16Fields(r, value, path, task);
  return task;
}

/** readResources reads a task's resource ask; absent CPU and MemoryMB take Nomad's defaults (100 MHz, 300 MB). */
export function readResources(r: Reader, value: unknown, parent: string, key: string): Resources {
  const o = readObject(r, value, parent, key);
  if (o === null) return { CPU: DEFAULT_CPU, MemoryMB: DEFAULT_MEMORY_MB, Networks: [], Devices: [] };
  const path = childPath(parent, key);
  const resources: Resources = {
    CPU: readCount(r, o.CPU, path, 'CPU', DEFAULT_CPU),
    MemoryMB: readCount(r, o.MemoryMB, path, 'MemoryMB', DEFAULT_MEMORY_MB),
    Networks: readNetworks(r, o.Networks, path, 'Networks'),
    Devices: readDevices(r, o.Devices, path, 'Devices'),
  };
  if (r.nomad16) readResources16Fields(r, o, path, resources);
  return resources;
}

/** readNetworks reads a list of network asks (a group's or a task's); absent is empty. */
export function readNetworks(r: Reader, value: unknown, parent: string, key: string): NetworkResource[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const networks: NetworkResource[] = [];
  for (let i = 0; i < list.length; i++) {
    const itemPath = indexPath(path, i);
    const n = list[i];
    if (!isObject(n)) {
      r.wrongTypeAt(itemPath, 'a network object', n);
      continue;
    }
    const network: NetworkResource = {
      Mode: readString(r, n.Mode, itemPath, 'Mode', ''),
      Device: readString(r, n.Device, itemPath, 'Device', ''),
      CIDR: readString(r, n.CIDR, itemPath, 'CIDR', ''),
      IP: readString(r, n.IP, itemPath, 'IP', ''),
      MBits: readCount(r, n.MBits, itemPath, 'MBits', DEFAULT_NETWORK_MBITS),
      ReservedPorts: readPorts(r, n.ReservedPorts, itemPath, 'ReservedPorts'),
      DynamicPorts: readPorts(r, n.DynamicPorts, itemPath, 'DynamicPorts'),
    };
    if (r.nomad16) readNetwork16Fields(r, n, itemPath, network);
    networks.push(network);
  }
  return networks;
}

// readPorts reads a network's reserved or dynamic ports.
function readPorts(r: Reader, value: unknown, parent: string, key: string): Port[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const ports: Port[] = [];
  for (let i = 0; i < list.length; i++) {
    const itemPath = indexPath(path, i);
    const p = list[i];
    if (!isObject(p)) {
      r.wrongTypeAt(itemPath, 'a port object', p);
      continue;
    }
    ports.push({
      Label: readString(r, p.Label, itemPath, 'Label', ''),
      Value: readInt(r, p.Value, itemPath, 'Value', 0),
      To: readInt(r, p.To, itemPath, 'To', 0),
      HostNetwork: readString(r, p.HostNetwork, itemPath, 'HostNetwork', ''),
    });
  }
  return ports;
}

// readDevices reads a task's device asks; a device without a count asks for one.
function readDevices(r: Reader, value: unknown, parent: string, key: string): RequestedDevice[] {
  const list = readArray(r, value, parent, key);
  if (list === null) return [];
  const path = childPath(parent, key);
  const devices: RequestedDevice[] = [];
  for (let i = 0; i < list.length; i++) {
    const itemPath = indexPath(path, i);
    const d = list[i];
    if (!isObject(d)) {
      r.wrongTypeAt(itemPath, 'a device object', d);
      continue;
    }
    devices.push({
      Name: readString(r, d.Name, itemPath, 'Name', ''),
      Count: readCount(r, d.Count, itemPath, 'Count', DEFAULT_DEVICE_COUNT),
      Constraints: readObjectList(r, d.Constraints, itemPath, 'Constraints'),
      Affinities: readObjectList(r, d.Affinities, itemPath, 'Affinities'),
    });
  }
  return devices;
}
