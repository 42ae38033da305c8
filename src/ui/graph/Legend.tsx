// The legend of every colour, pattern and symbol the graph uses, drawn with
// the same classes as the graph itself so that the two cannot drift apart.
// It stands in a column beside the drawing, or opens over it from the tab in
// the strip of tools (src/graph/legendPlace.ts chooses); useLegend keeps
// whether it is open.

import { type CSSProperties, memo } from 'react';
import { ERA_ORDER, ERAS } from '../../graph/era.ts';
import { LATER_MARK_DESCRIPTION } from '../../graph/labels.ts';
import type { Pane } from '../../graph/layout.ts';
import { LEGEND_COLUMN, type LegendPlace } from '../../graph/legendPlace.ts';
import type { EdgeKind } from '../../graph/model.ts';
import { ACTION_ORDER, ACTIONS, CLIENT_UPDATES, CONDITIONS, EDGES } from '../../graph/vocabulary.ts';
import { useEscapeToClose } from './useEscapeToClose.ts';
import './legend.css';

// CLIENT_UPDATES_SHOWN are Nomad 1.6's client-status updates, in the order the legend lists them.
const CLIENT_UPDATES_SHOWN = ['unknown', 'reconnect'] as const;

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

// LegendBody explains the graph's boxes, cards, versions in time, badges, ghost cards and arrows.
const LegendBody = memo(function LegendBody() {
  return (
    <div className="cg-legend__body">
      <p className="cg-legend__hint">Click any card, placements included, to see why.</p>
      <h4>Time: the version chip</h4>
      <ul>
        {ERA_ORDER.map((era) => (
          <li key={era} data-testid="legend-era" data-era={era}>
            <span className={`cg-card__version cg-era--${era}`}>
              {era === 'new' ? '+v2' : era === 'current' ? 'v2' : 'v1'}
            </span>
            <span>
              <b>{ERAS[era].label}</b>: {ERAS[era].description}
            </span>
          </li>
        ))}
      </ul>
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
            <span>
              <b>{ACTIONS[a].label}</b>: {ACTIONS[a].description}
            </span>
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
          <span className="cg-badge cg-badge--health-true">✓</span> healthy (only on what keeps running)
        </li>
        <li>
          <span className="cg-badge cg-badge--health-false">✗</span> unhealthy
        </li>
        <li>
          <span className="cg-badge cg-badge--health-null">?</span> health unknown
        </li>
        <li>
          <span className="cg-badge cg-badge--later">1.10+</span> {LATER_MARK_DESCRIPTION} (placements too; the card's
          details say how)
        </li>
        {CLIENT_UPDATES_SHOWN.map((u) => (
          <li key={u}>
            <span className="cg-card__action">{CLIENT_UPDATES[u].line}</span>: {CLIENT_UPDATES[u].description}
          </li>
        ))}
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
          <span className="cg-ghost__when">in 30s ◷ 12:00:30</span> placed later, by a follow-up evaluation at the time
          shown
        </li>
        <li>
          <span className="cg-card__version cg-era--new">+v2</span> the job version it will run
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
  );
});

// legendSize is the legend's box: the column's width, or over the drawing a panel that stays inside the pane.
function legendSize(place: LegendPlace, pane: Pane | null): CSSProperties | undefined {
  if (place === 'column') return { width: LEGEND_COLUMN.width };
  return pane === null ? undefined : { maxHeight: Math.max(160, pane.height - 30) };
}

/**
 * Legend is the open legend with its close button: in its own column beside
 * the drawing, or over the drawing when opened from the tab, where Escape
 * closes it too. `pane` is the drawing's size, which bounds the latter.
 */
export function Legend({ place, pane, onClose }: { place: LegendPlace; pane: Pane | null; onClose: () => void }) {
  useEscapeToClose(place === 'tab' ? onClose : stay);
  return (
    <section
      id="graph-legend"
      className={`cg-legend cg-legend--${place}`}
      data-testid="graph-legend"
      data-place={place}
      aria-label="Legend"
      style={legendSize(place, pane)}
    >
      <header className="cg-legend__head">
        <span>Legend</span>
        <button
          type="button"
          className="cg-legend__close"
          data-testid="legend-close"
          aria-label="Close the legend"
          title="Close the legend"
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <LegendBody />
    </section>
  );
}

// stay is what Escape does to the legend in its column: nothing (Escape closes what covers the drawing).
function stay(): void {}
