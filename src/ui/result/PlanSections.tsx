// The plan's sections under its group lines: the deployment created or
// updated, and the follow-up evaluations with when each is due.

import type { ResultDocument } from '../../result/document.ts';
import type { Scenario } from '../../scenario/read.ts';
import { describeWait } from '../plan/wait.ts';

/** DeploymentSection is the deployment the plan creates and the deployments it updates; nothing when neither. */
export function DeploymentSection({ doc }: { doc: ResultDocument }) {
  const d = doc.Deployment;
  if (!d && doc.DeploymentUpdates.length === 0) return null;
  return (
    <div className="plan-section" data-testid="plan-deployment">
      {d && (
        <>
          <div>
            <span className="kind-create">Deployment created</span>: <code>{d.ID}</code> ({d.Status}:{' '}
            {d.StatusDescription})
          </div>
          <ul>
            {Object.keys(d.TaskGroups)
              .sort()
              .map((name) => {
                const s = d.TaskGroups[name];
                if (!s) return null;
                return (
                  <li key={name}>
                    Task Group {JSON.stringify(name)}: {s.DesiredTotal} desired total
                    {s.DesiredCanaries > 0 &&
                      `, ${s.DesiredCanaries} desired ${s.DesiredCanaries === 1 ? 'canary' : 'canaries'}`}
                  </li>
                );
              })}
          </ul>
        </>
      )}
      {doc.DeploymentUpdates.map((u) => (
        <div key={u.DeploymentID + u.Status}>
          <span className="kind-update">Deployment updated</span>: <code>{u.DeploymentID}</code> → {u.Status} (
          {u.StatusDescription})
        </div>
      ))}
    </div>
  );
}

/** FollowupSection lists the follow-up evaluations the plan asks for, with when each is due; nothing when none. */
export function FollowupSection({ doc, scenario }: { doc: ResultDocument; scenario: Scenario }) {
  const evals = Object.keys(doc.DesiredFollowupEvals)
    .sort()
    .flatMap((g) => (doc.DesiredFollowupEvals[g] ?? []).map((e) => ({ g, e })));
  if (evals.length === 0) return null;
  return (
    <div className="plan-section" data-testid="plan-followups">
      <div>Follow-up evaluations:</div>
      <ul>
        {evals.map(({ g, e }) => (
          <li key={e.ID}>
            {JSON.stringify(g)}: <code>{e.ID.slice(0, 8)}</code> at {e.WaitUntil} (
            {describeWait(scenario.Now, e.WaitUntil)}; {e.TriggeredBy})
          </li>
        ))}
      </ul>
    </div>
  );
}
