// The controls that make something happen after the frame shown: operate
// the deployment, change a node, report an allocation, change the job. Each
// adds an event to the scenario's Events list (in the Cluster tab), and the
// film is made again from it. Targets are those of the cluster as the
// frame's evaluation left it.

import { useId, useState } from 'react';
import { deploymentActive, requiresPromotion, terminalStatus } from '../../engine/structs.ts';
import { parseGoDuration } from '../../engine/time.ts';
import { writeJob } from '../../scenario/write.ts';
import type { Film } from '../../simulator/simulate.ts';
import type { DistributiveOmit } from '../../store/state.ts';
import type { SimEvent } from '../../scenario/events.ts';
import { useActions } from '../storeContext.tsx';

type NewEvent = DistributiveOmit<SimEvent, 'After' | 'Delay'>;

/** EventControls adds events after the frame shown. */
export function EventControls({ film, frame }: { film: Film; frame: number }) {
  const { addEvent } = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [delayText, setDelayText] = useState('');
  const after = film.Steps[frame]?.Scenario ?? film.End.Scenario;
  const add = (e: NewEvent) => {
    const delay = delayText.trim() === '' ? 0 : parseGoDuration(delayText.trim());
    if (delay === null || delay < 0)
      setProblem(`${JSON.stringify(delayText)} is not a duration: write one such as "30s", "1m30s" or "5m".`);
    else setProblem(addEvent(e, delay));
  };
  const d = after.Deployment;
  const active = d !== null && deploymentActive(d);
  const live = after.Allocations.filter((a) => !terminalStatus(a));
  const ids = useId();
  const [nodeID, setNodeID] = useState('');
  const [allocID, setAllocID] = useState('');
  const [group, setGroup] = useState('');
  const [count, setCount] = useState('');
  const node = after.Nodes.find((n) => n.ID === nodeID) ?? after.Nodes[0];
  const alloc = live.find((a) => a.ID === allocID) ?? live[0];
  const tg = after.Job.TaskGroups.find((g) => g.Name === group) ?? after.Job.TaskGroups[0];
  const when = frame <= film.Steps.length ? `after evaluation ${frame}` : 'at the end';

  return (
    <section className="rollout-controls" aria-label="Make something happen" data-testid="rollout-controls">
      <h4>
        Make something happen {when},{' '}
        <label>
          later by{' '}
          <input
            className="rollout-count"
            data-testid="event-delay"
            placeholder="0s"
            value={delayText}
            onChange={(e) => setDelayText(e.target.value)}
            title="How long after that evaluation, as a Go duration (30s, 1m30s); empty is at once"
          />
        </label>
      </h4>
      <div className="rollout-row" role="group" aria-label="Deployment">
        <span className="rollout-row-label">Deployment</span>
        <button
          type="button"
          className="button"
          data-testid="event-promote"
          disabled={!(d && requiresPromotion(d))}
          onClick={() => add({ Kind: 'deployment-promote' })}
        >
          Promote
        </button>
        <button
          type="button"
          className="button"
          data-testid="event-fail-deployment"
          disabled={!active}
          onClick={() => add({ Kind: 'deployment-fail' })}
        >
          Fail
        </button>
        <button
          type="button"
          className="button"
          disabled={!(active && d.Status === 'running')}
          onClick={() => add({ Kind: 'deployment-pause' })}
        >
          Pause
        </button>
        <button
          type="button"
          className="button"
          disabled={!(active && d.Status === 'paused')}
          onClick={() => add({ Kind: 'deployment-resume' })}
        >
          Resume
        </button>
      </div>
      {node !== undefined && (
        <div className="rollout-row" role="group" aria-label="Node">
          <label className="rollout-row-label" htmlFor={`${ids}-node`}>
            Node
          </label>
          <select
            id={`${ids}-node`}
            data-testid="event-node"
            value={node.ID}
            onChange={(e) => setNodeID(e.target.value)}
          >
            {after.Nodes.map((n) => (
              <option key={n.ID} value={n.ID}>
                {n.Name || n.ID} ({n.Status}
                {n.Drain ? ', draining' : ''}
                {n.SchedulingEligibility === 'ineligible' ? ', ineligible' : ''})
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            data-testid="event-node-down"
            disabled={node.Status === 'down'}
            onClick={() => add({ Kind: 'node-down', NodeID: node.ID })}
          >
            Down
          </button>
          <button
            type="button"
            className="button"
            disabled={node.Status === 'ready'}
            onClick={() => add({ Kind: 'node-up', NodeID: node.ID })}
          >
            Up
          </button>
          <button
            type="button"
            className="button"
            data-testid="event-node-drain"
            disabled={node.Drain}
            onClick={() => add({ Kind: 'node-drain', NodeID: node.ID })}
          >
            Drain
          </button>
          <button
            type="button"
            className="button"
            onClick={() =>
              add({
                Kind: node.SchedulingEligibility === 'eligible' ? 'node-ineligible' : 'node-eligible',
                NodeID: node.ID,
              })
            }
          >
            {node.SchedulingEligibility === 'eligible' ? 'Ineligible' : 'Eligible'}
          </button>
        </div>
      )}
      {alloc !== undefined && (
        <div className="rollout-row" role="group" aria-label="Allocation">
          <label className="rollout-row-label" htmlFor={`${ids}-alloc`}>
            Allocation
          </label>
          <select
            id={`${ids}-alloc`}
            data-testid="event-alloc"
            value={alloc.ID}
            onChange={(e) => setAllocID(e.target.value)}
          >
            {live.map((a) => (
              <option key={a.ID} value={a.ID}>
                {a.Name} v{a.Job.Version} {a.ClientStatus}
                {a.DeploymentStatus?.Canary ? ' canary' : ''} ({a.ID.slice(0, 8)})
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            data-testid="event-alloc-fail"
            onClick={() => add({ Kind: 'alloc-fail', AllocID: alloc.ID })}
            title="Its tasks fail"
          >
            Fail
          </button>
          <button
            type="button"
            className="button"
            data-testid="event-alloc-unhealthy"
            disabled={alloc.DeploymentStatus?.Healthy != null}
            onClick={() => add({ Kind: 'alloc-unhealthy', AllocID: alloc.ID })}
            title="Its health checks never pass: unhealthy at its healthy deadline"
          >
            Never healthy
          </button>
          <button
            type="button"
            className="button"
            onClick={() => add({ Kind: 'alloc-complete', AllocID: alloc.ID })}
            title="Its tasks finish successfully"
          >
            Complete
          </button>
        </div>
      )}
      {tg !== undefined && (
        <div className="rollout-row" role="group" aria-label="Job">
          <label className="rollout-row-label" htmlFor={`${ids}-group`}>
            Job
          </label>
          <select
            id={`${ids}-group`}
            value={tg.Name}
            onChange={(e) => setGroup(e.target.value)}
            aria-label="Task group"
          >
            {after.Job.TaskGroups.map((g) => (
              <option key={g.Name} value={g.Name}>
                {g.Name} (count {g.Count})
              </option>
            ))}
          </select>
          <input
            className="rollout-count"
            type="number"
            min={0}
            aria-label="New count"
            data-testid="event-count"
            placeholder={String(tg.Count)}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
          <button
            type="button"
            className="button"
            data-testid="event-scale"
            disabled={!/^\d+$/.test(count)}
            onClick={() => add({ Kind: 'job-scale', TaskGroup: tg.Name, Count: Number(count) })}
          >
            Scale
          </button>
          <button
            type="button"
            className="button"
            onClick={() => add({ Kind: after.Job.Stop ? 'job-start' : 'job-stop' })}
          >
            {after.Job.Stop ? 'Start' : 'Stop'}
          </button>
          <JobEditor job={writeJob(after.Job)} onApply={(job) => add({ Kind: 'job-update', Job: job })} />
        </div>
      )}
      <p className="rollout-problem" role="alert" data-visible={problem !== null}>
        {problem}
      </p>
    </section>
  );
}

// JobEditor edits the job as API JSON in a small dialog and registers it as a new version.
function JobEditor({
  job,
  onApply,
}: {
  job: Record<string, unknown>;
  onApply: (job: Record<string, unknown>) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (text === null) {
    return (
      <button
        type="button"
        className="button"
        data-testid="event-edit-job"
        onClick={() => setText(JSON.stringify(job, null, 2))}
      >
        Edit job…
      </button>
    );
  }
  const apply = () => {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('the job must be a JSON object');
      onApply(value as Record<string, unknown>);
      setText(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="rollout-job-editor" role="dialog" aria-label="Edit the job">
      <textarea
        aria-label="Job (API JSON)"
        data-testid="event-job-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={14}
      />
      {error !== null && (
        <p className="rollout-problem" role="alert" data-visible="true">
          {error}
        </p>
      )}
      <div className="rollout-row">
        <button type="button" className="button" data-testid="event-job-apply" onClick={apply}>
          Register this version
        </button>
        <button type="button" className="button" onClick={() => setText(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
