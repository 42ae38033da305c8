// A node's events after the frame shown: down, up, drain, (in)eligible,
// for the node chosen among the cluster's.

import { useId } from 'react';
import type { Scenario } from '../../scenario/read.ts';
import { ControlRow } from './ControlRow.tsx';
import { EventButton } from './EventButton.tsx';
import type { NewEvent } from './useAddEvent.ts';
import { useChosen } from './useChosen.ts';

/** NodeControls change a node of the cluster `after` the frame shown; nothing when it has none. */
export function NodeControls({ after, add }: { after: Scenario; add: (e: NewEvent) => void }) {
  const id = useId();
  const [node, setNodeID] = useChosen(after.Nodes, (n) => n.ID);
  if (node === undefined) return null;
  return (
    <ControlRow name="Node" labelFor={id}>
      <select id={id} data-testid="event-node" value={node.ID} onChange={(e) => setNodeID(e.target.value)}>
        {after.Nodes.map((n) => (
          <option key={n.ID} value={n.ID}>
            {n.Name || n.ID} ({n.Status}
            {n.Drain ? ', draining' : ''}
            {n.SchedulingEligibility === 'ineligible' ? ', ineligible' : ''})
          </option>
        ))}
      </select>
      <EventButton
        event={{ Kind: 'node-down', NodeID: node.ID }}
        add={add}
        testId="event-node-down"
        disabled={node.Status === 'down'}
      >
        Down
      </EventButton>
      <EventButton event={{ Kind: 'node-up', NodeID: node.ID }} add={add} disabled={node.Status === 'ready'}>
        Up
      </EventButton>
      <EventButton
        event={{ Kind: 'node-drain', NodeID: node.ID }}
        add={add}
        testId="event-node-drain"
        disabled={node.Drain}
      >
        Drain
      </EventButton>
      <EventButton
        event={{
          Kind: node.SchedulingEligibility === 'eligible' ? 'node-ineligible' : 'node-eligible',
          NodeID: node.ID,
        }}
        add={add}
      >
        {node.SchedulingEligibility === 'eligible' ? 'Ineligible' : 'Eligible'}
      </EventButton>
    </ControlRow>
  );
}
