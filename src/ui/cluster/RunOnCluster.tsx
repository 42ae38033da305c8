// "Run it on a cluster": a small dialog over the editor that makes a
// cluster running the Job tab's job (how many nodes, which datacenters,
// one node draining or down) and makes that job the running one. The
// cluster is made in the reconciler worker, which reads the job.

import { useState } from 'react';
import type { ClusterRequest } from '../../worker/protocol.ts';
import { useShareActions } from '../share/shareContext.tsx';
import { useActions, useJobSpecJob, useResult } from '../storeContext.tsx';

const TROUBLE: { value: ClusterRequest['trouble']; label: string }[] = [
  { value: 'none', label: 'all ready' },
  { value: 'draining', label: 'one draining' },
  { value: 'down', label: 'one down' },
];

/** RunOnClusterButton opens the dialog; `prominent` when the job cannot run on the Cluster tab as it is (a pasted jobspec over an example). */
export function RunOnClusterButton({ prominent }: { prominent: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={prominent ? 'button button-primary' : 'button'}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Make a cluster that runs the Job tab's job, healthy and deployed, and make it the running job"
        data-testid="run-on-cluster"
      >
        Run it on a cluster…
      </button>
      {open && <RunOnClusterDialog onClose={() => setOpen(false)} />}
    </>
  );
}

// jobDatacenters are the datacenters of the job the Job tab was last read as, or none.
function useJobDatacenters(): string[] {
  const apiJob = useJobSpecJob();
  const result = useResult();
  const fromSpec = apiJob?.Datacenters;
  if (Array.isArray(fromSpec)) return fromSpec.filter((d): d is string => typeof d === 'string');
  return result ? [...result.scenario.Job.Datacenters] : [];
}

// RunOnClusterDialog asks for the cluster's shape and runs the job on it.
function RunOnClusterDialog({ onClose }: { onClose: () => void }) {
  const { runOnCluster } = useActions();
  const { keepAside } = useShareActions();
  const jobDCs = useJobDatacenters();
  const [nodes, setNodes] = useState('3');
  // The job's datacenters until the person types their own: a dialog opened
  // while the pasted job is still being read takes them when the read ends.
  const [typed, setTyped] = useState<string | null>(null);
  const datacenters = typed ?? jobDCs.join(', ');
  const [trouble, setTrouble] = useState<ClusterRequest['trouble']>('none');
  const count = Number(nodes);
  const valid = Number.isInteger(count) && count >= 1 && count <= 100;
  const run = () => {
    if (!valid) return;
    const dcs = datacenters
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d !== '');
    // The Cluster tab is replaced: what it held is set aside first, as for any text replaced.
    keepAside('before running the job on a made cluster');
    runOnCluster({ nodes: count, datacenters: dcs, trouble });
    onClose();
  };
  return (
    <form
      role="dialog"
      aria-label="Run it on a cluster"
      className="api-json run-on-cluster"
      data-testid="run-on-cluster-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      <button type="button" className="button" onClick={onClose} aria-label="Close">
        ✕
      </button>
      <h3>Run it on a cluster</h3>
      <p className="variables-note">
        A cluster that runs the Job tab’s job as Nomad would have placed it: its allocations running and healthy, its
        deployment successful. The job becomes the running job; the Job tab keeps its text, ready to edit. The Cluster
        tab is replaced.
      </p>
      <label>
        Nodes{' '}
        <input
          type="number"
          min={1}
          max={100}
          value={nodes}
          onChange={(e) => setNodes(e.target.value)}
          data-testid="cluster-nodes"
          aria-invalid={!valid}
        />
      </label>
      <label>
        Datacenters{' '}
        <input
          type="text"
          value={datacenters}
          placeholder="the job's"
          onChange={(e) => setTyped(e.target.value)}
          data-testid="cluster-datacenters"
        />
      </label>
      <fieldset>
        <legend>The nodes</legend>
        {TROUBLE.map((t) => (
          <label key={t.value}>
            <input
              type="radio"
              name="trouble"
              value={t.value}
              checked={trouble === t.value}
              onChange={() => setTrouble(t.value)}
              data-testid={`cluster-trouble-${t.value}`}
            />{' '}
            {t.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={!valid} data-testid="run-on-cluster-go">
        Run it
      </button>
    </form>
  );
}
