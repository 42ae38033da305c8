// The deployment drawn above the graph: for each task group, the
// deployment's status in Nomad's words, what this evaluation does to it,
// the group's progress (desired, placed, healthy, unhealthy) and its
// canaries; in a rollout, buttons to promote or fail it.

import { memo } from 'react';
import { type DeploymentGroupView, deploymentIsActive } from '../../graph/deployment.ts';
import { effectText } from '../../graph/labels.ts';

/** DeploymentActions are what a person can do to the deployment in a rollout. */
export interface DeploymentActions {
  promote(): void;
  fail(): void;
}

function Count({ label, value, kind }: { label: string; value: string | number; kind?: string }) {
  return (
    <span className="cg-dep__count" data-kind={kind}>
      <b>{value}</b> {label}
    </span>
  );
}

function Panel({ v, actions }: { v: DeploymentGroupView; actions: DeploymentActions | null }) {
  const effect = effectText(v);
  const canPromote = v.canariesDesired > 0 && !v.promoted && deploymentIsActive(v);
  const title = `Deployment ${v.deploymentID} for job version ${v.jobVersion}: ${v.status} (${v.description})`;
  return (
    <section
      className="cg-dep"
      data-testid="deployment"
      data-group={v.group}
      data-status={v.status}
      data-effect={v.effect}
      aria-label={`Deployment of group ${v.group}: ${v.status}${effect ? `, ${effect}` : ''}`}
      title={title}
    >
      <header className="cg-dep__head">
        <span className="cg-dep__title">
          <span className="cg-dep__id">
            Deployment <code>{v.deploymentID.slice(0, 8)}</code> ·{' '}
          </span>
          v{v.jobVersion} · {JSON.stringify(v.group)}
        </span>
        {v.before !== '' && v.before !== v.status && (
          <span className={`cg-dep__status cg-dep__status--${v.before} cg-dep__status--was`}>{v.before}</span>
        )}
        {v.before !== '' && v.before !== v.status && <span aria-hidden="true">→</span>}
        <span className={`cg-dep__status cg-dep__status--${v.status}`} data-testid="deployment-status">
          {v.status}
        </span>
        {effect && (
          <span className="cg-dep__effect" data-testid="deployment-effect">
            {effect}
          </span>
        )}
      </header>
      <p className="cg-dep__why">{v.description}</p>
      <div className="cg-dep__counts">
        <Count label="desired" value={v.desired} />
        <Count label="placed" value={v.placed} />
        <Count label="healthy" value={v.healthy} kind="healthy" />
        <Count label="unhealthy" value={v.unhealthy} kind={v.unhealthy > 0 ? 'unhealthy' : undefined} />
        {v.canariesDesired > 0 && (
          <span className="cg-dep__canaries" data-testid="deployment-canaries">
            canaries <b>{v.canariesPlaced}</b>/<b>{v.canariesDesired}</b> placed ·{' '}
            {v.promoted ? (
              <b className="cg-dep__promoted">promoted</b>
            ) : v.autoPromote ? (
              'auto-promote when healthy'
            ) : (
              'not promoted'
            )}
          </span>
        )}
        {actions !== null && deploymentIsActive(v) && (
          <span className="cg-dep__actions">
            {canPromote && (
              <button type="button" className="button" data-testid="deployment-promote" onClick={actions.promote}>
                Promote
              </button>
            )}
            <button type="button" className="button" data-testid="deployment-fail" onClick={actions.fail}>
              Fail
            </button>
          </span>
        )}
      </div>
    </section>
  );
}

/** DeploymentStrip draws one panel per task group of the deployment in view; nothing when there is none. */
export const DeploymentStrip = memo(function DeploymentStrip({
  views,
  actions,
}: {
  views: readonly DeploymentGroupView[];
  actions: DeploymentActions | null;
}) {
  if (views.length === 0) return null;
  return (
    <div className="cg-deps" aria-label="Deployment">
      {views.map((v) => (
        <Panel key={`${v.deploymentID}:${v.group}`} v={v} actions={actions} />
      ))}
    </div>
  );
});
