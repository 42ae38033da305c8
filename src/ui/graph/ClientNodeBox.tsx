// A client node of the cluster as a React Flow node: a box with the node's
// name, datacenter and condition, and its allocations as light cards inside
// (not one React Flow node per allocation).

import type { NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { BoxFlowNode } from '../../graph/flow.ts';
import type { NodeBoxView } from '../../graph/model.ts';
import { tallyActions, tallyStatuses } from '../../graph/tally.ts';
import { AllocCardView } from './AllocCardView.tsx';
import { useDetail } from './detail.ts';
import { useHighlighted } from './highlight.ts';
import { boxMeta, conditionBadges, foldLineText, plural } from '../../graph/labels.ts';
import { ACTION_ORDER, ACTIONS, CONDITIONS } from '../../graph/vocabulary.ts';
import { useUnfold } from './useFold.ts';
import { showConfusable } from '../confusable.ts';

// BoxTile is a box zoomed out: the node's name, a bar of its allocations
// coloured by decision, and the counts by decision and by client status.
function BoxTile({ v }: { v: NodeBoxView }) {
  const actions = tallyActions(v.allocs, ACTION_ORDER);
  const statuses = tallyStatuses(v.allocs);
  return (
    <div className="cg-tile" data-testid="node-tile">
      {v.allocs.length > 0 && (
        <div className="cg-tile__bar" aria-hidden="true">
          {actions.map((a) => (
            <span key={a.key} className="cg-tile__seg" data-action={a.key} style={{ flexGrow: a.count }} />
          ))}
        </div>
      )}
      <p className="cg-tile__counts" data-testid="tile-actions">
        {v.allocs.length === 0
          ? 'no allocations'
          : actions.map((a) => `${a.count} ${ACTIONS[a.key].symbol} ${ACTIONS[a.key].label}`).join(' · ')}
      </p>
      {statuses.length > 0 && (
        <p className="cg-tile__counts cg-tile__status">{statuses.map((s) => `${s.count} ${s.key}`).join(' · ')}</p>
      )}
    </div>
  );
}

// FoldLine counts a box's allocations nothing happens to, folded away; pressing it shows them.
function FoldLine({ id, v }: { id: string; v: NodeBoxView }) {
  const unfold = useUnfold();
  const text = `${plural(v.folded, 'allocation')}: no change`;
  // Shown short ("+2 unchanged"): the label says it whole.
  return (
    <button
      type="button"
      className="cg-box__fold"
      data-testid="fold-line"
      aria-label={`${text} on ${v.name}. Show them`}
      onClick={() => unfold(id)}
    >
      {foldLineText(v.folded)} ▾
    </button>
  );
}

function ClientNodeBoxView({ id, data }: NodeProps<BoxFlowNode>) {
  const v = data.view;
  const detail = useDetail();
  const ids = useMemo(() => v.allocs.map((c) => c.id), [v]);
  const lit = useHighlighted(ids);
  const badges = conditionBadges(v);
  const gc = v.condition === 'gc';
  const title = gc ? `Node ${v.nodeID || '(none)'} no longer exists (garbage-collected)` : `${v.name} (${v.nodeID})`;
  return (
    <section
      className={detail ? 'cg-box' : 'cg-box cg-box--tile'}
      data-testid="client-node"
      data-node-id={v.nodeID}
      data-condition={v.condition}
      data-draining={v.draining ? 'true' : undefined}
      data-ineligible={v.ineligible ? 'true' : undefined}
      data-gc={gc ? 'true' : undefined}
      aria-label={`${gc ? 'garbage-collected node' : 'client node'} ${v.name}${badges.length ? `, ${badges.join(', ')}` : ''}, ${v.allocs.length + v.folded} allocation(s)`}
    >
      <header className="cg-box__header" title={title}>
        <span className="cg-box__name">
          {gc ? `${CONDITIONS.gc.symbol} ${v.nodeID || '(no node)'}` : showConfusable(v.name)}
        </span>
        <span className="cg-box__meta">{boxMeta(v)}</span>
        <span className="cg-box__badges">
          {badges.map((b) => (
            <span key={b} className={`cg-cond cg-cond--${b}`}>
              {CONDITIONS[b].symbol} {CONDITIONS[b].label}
            </span>
          ))}
        </span>
      </header>
      {!detail ? (
        <BoxTile v={v} />
      ) : v.allocs.length === 0 ? (
        v.folded === 0 && <p className="cg-box__empty">no allocations</p>
      ) : (
        <div className="cg-box__cards">
          {v.allocs.map((c) => (
            <AllocCardView key={c.id} card={c} highlighted={lit.has(c.id)} />
          ))}
        </div>
      )}
      {detail && v.folded > 0 && <FoldLine id={id} v={v} />}
    </section>
  );
}

/** ClientNodeBox is the memoised React Flow node type of a client node; it re-renders only when its view changes. */
export const ClientNodeBox = memo(ClientNodeBoxView, (a, b) => a.data.view === b.data.view);
