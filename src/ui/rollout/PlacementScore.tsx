// Why the plan put an allocation on its node: the nodes ranked for it, each
// scorer's part and how they combine, the chosen node first.

import type { PlacedAlloc } from '../../simulator/planApply.ts';
import { SCORERS, score3, scoreRows } from './scores.ts';

/** PlacementScore explains one placement's score; nothing when the placement has no ranking. */
export function PlacementScore({ placed }: { placed: PlacedAlloc }) {
  if (placed.Ranked.length === 0) return null;
  const rows = scoreRows(placed.Ranked);
  const runnersUp = rows.length - 1;
  return (
    <details className="rollout-score" data-testid="placement-score" data-alloc-id={placed.AllocID}>
      <summary>
        why {rows[0]!.nodeName}: score {score3(rows[0]!.final)}
        {runnersUp > 0 ? `, ahead of ${runnersUp} other node${runnersUp === 1 ? '' : 's'}` : ', the only node ranked'}
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Node</th>
            {SCORERS.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
            <th scope="col">final: the mean of those that apply</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.nodeID} data-testid="placement-score-row" data-chosen={r.chosen ? 'true' : undefined}>
              <th scope="row">
                {r.nodeName}
                {r.chosen ? ' (chosen)' : ''}
              </th>
              {r.scores.map((x, i) => (
                <td key={SCORERS[i]!.key}>{x === null ? '—' : score3(x)}</td>
              ))}
              <td>{r.combination}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Nomad's ranker scores each feasible node: bin-packing fit (how full the node would be, 0 to 1: fuller is
        better), job anti-affinity (less for each allocation of this job already on the node) and a reschedule penalty
        (−1 on a node this allocation's earlier attempt failed on). The final score is the mean of the scores that
        apply, and the highest wins.
      </p>
    </details>
  );
}
