// A node's events after the frame shown: down, up, drain, (in)eligible,
// for the node chosen among the cluster's.

import { useId } from 'react';
import type { Scenario } from '../../scenario/read.ts';
import type { NewEvent } from './useAddEvent.ts';
import { useChosen } from './useChosen.ts';

/** NodeControls change a node of the cluster `after` the frame shown; nothing when it has none. */
export function NodeControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const id = useId();
  const [node, setNodeID] = useChosen(after.Nodes, (n) => n.ID);
  if (node === undefined) return null;
  return (
    <div className="rollout-row" role="group" aria-label="Node">
      <label className="rollout-row-label" htmlFor={id}>
        Node
      </label>
      <select id={id} data-testid="event-node" value={node.ID} onChange={(e) => setNodeID(e.target.value)}>
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
  );
}
