// The legend of every colour and symbol the graph uses, drawn with the same
// classes as the graph itself so that the two cannot drift apart.

import { memo } from 'react';
import type { EdgeKind } from '../../graph/model.ts';
import { ACTION_ORDER, ACTIONS, CONDITIONS, EDGES } from './vocabulary.ts';
import './legend.css';

const NODE_ROWS = [
  { key: 'ready', attrs: { 'data-condition': 'ready' } },
  { key: 'initializing', attrs: { 'data-condition': 'initializing' } },
  { key: 'down', attrs: { 'data-condition': 'down' } },
  { key: 'draining', attrs: { 'data-condition': 'ready', 'data-draining': 'true' } },
  { key: 'ineligible', attrs: { 'data-condition': 'ready', 'data-ineligible': 'true' } },
  { key: 'gc', attrs: { 'data-condition': 'gc', 'data-gc': 'true' } },
] as const;

const STATUSES = ['running', 'pending', 'failed', 'complete', 'lost'] as const;
const EDGE_KINDS: readonly EdgeKind[] = ['destructive', 'migrate', 'reschedule', 'lost', 'later'];

/** Legend explains the graph's boxes, cards, badges, ghost cards and arrows. */
export const Legend = memo(function Legend() {
  return (
    <details className="cg-legend" data-testid="graph-legend">
      <summary title="Legend" aria-label="Legend">
        ?
      </summary>
      <div className="cg-legend__body">
        <h4>Client nodes</h4>
        <ul>
          {NODE_ROWS.map((r) => (
            <li key={r.key}>
              <span className="cg-legend__box cg-box" {...r.attrs} />
              {CONDITIONS[r.key].symbol} {CONDITIONS[r.key].description}
            </li>
          ))}
        </ul>
        <h4>Allocations: the decision</h4>
        <ul>
          {ACTION_ORDER.map((a) => (
            <li key={a}>
              <span className="cg-legend__card cg-card" data-action={a}>
                <span className="cg-card__action">{ACTIONS[a].symbol}</span>
              </span>
              <b>{ACTIONS[a].label}</b>: {ACTIONS[a].description}
            </li>
          ))}
        </ul>
        <h4>Allocations: client status and badges</h4>
        <ul className="cg-legend__inline">
          {STATUSES.map((s) => (
            <li key={s}>
              <span className={`cg-status cg-status--${s}`}>{s}</span>
            </li>
          ))}
          <li>
            <span className="cg-badge cg-badge--canary">C</span> canary
          </li>
          <li>
            <span className="cg-badge cg-badge--health-true">✓</span> healthy
          </li>
          <li>
            <span className="cg-badge cg-badge--health-false">✗</span> unhealthy
          </li>
          <li>
            <span className="cg-badge cg-badge--health-null">?</span> health unknown
          </li>
          <li>
            <span className="cg-card__version">v2</span> job version
          </li>
        </ul>
        <h4>Placements (ghost cards)</h4>
        <ul className="cg-legend__inline">
          <li>
            <span className="cg-ghost__tag cg-ghost__tag--create">create</span> new
          </li>
          <li>
            <span className="cg-ghost__tag cg-ghost__tag--canary">canary</span> canary
          </li>
          <li>
            <span className="cg-ghost__tag cg-ghost__tag--update">update</span> replaces a destructive update
          </li>
          <li>
            <span className="cg-ghost__tag cg-ghost__tag--migrate">migrate</span> /{' '}
            <span className="cg-ghost__tag cg-ghost__tag--reschedule">reschedule</span> replaces a moved or failed one
          </li>
          <li>
            <span className="cg-ghost__tag cg-ghost__tag--later">later</span> placed by a follow-up evaluation at the
            time shown
          </li>
          <li>hover a canary: what it replaces once promoted</li>
        </ul>
        <h4>Arrows: old allocation → replacement</h4>
        <ul>
          {EDGE_KINDS.map((k) => (
            <li key={k}>
              <svg className="cg-legend__arrow" width="36" height="10" aria-hidden="true">
                <line className={`cg-legend__line cg-edge--${k}`} x1="2" y1="5" x2="28" y2="5" />
                <path className={`cg-marker--${k}`} d="M 28 1 L 35 5 L 28 9 z" />
              </svg>
              {EDGES[k].description}
            </li>
          ))}
        </ul>
        <h4>Other</h4>
        <ul>
          <li>
            <span className="cg-legend__card cg-card" data-highlighted="true" /> highlighted from the explanation
          </li>
          <li>dimmed with a “stale” label: the scenario has errors; the last valid result is shown</li>
        </ul>
      </div>
    </details>
  );
});
