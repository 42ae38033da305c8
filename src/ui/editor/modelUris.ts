// The Monaco model URIs of the tabs; the schemas match on them.

import type { TabID } from '../../scenario/tabs.ts';

/** MODEL_URIS names each tab's model, so that each gets its own schema. */
export const MODEL_URIS: Record<TabID, string> = {
  job: 'inmemory://scenario/job.json',
  running: 'inmemory://scenario/running.json',
  cluster: 'inmemory://scenario/cluster.json',
};
