// A placement's score as Nomad ranks it: each scorer's part for every node
// ranked (the chosen one first, then the runners-up) and how they combine
// into the final score. Pure, so tests read it directly.

import type { RankedNode } from '../../simulator/planApply.ts';

/** SCORERS are the scorers the simulator models, in the order the table shows them, with their names in words. */
export const SCORERS = [
  { key: 'binpack', label: 'bin-packing fit' },
  { key: 'job-anti-affinity', label: 'job anti-affinity' },
  { key: 'node-reschedule-penalty', label: 'reschedule penalty' },
] as const;

/** ScoreRow is one ranked node: its scores by scorer (null where the scorer did not apply), and the final score with its sum. */
export interface ScoreRow {
  nodeID: string;
  nodeName: string;
  chosen: boolean;
  scores: (number | null)[];
  final: number;
  /** combination is how the final score is made: the mean of the scores that apply, written out. */
  combination: string;
}

/** score3 writes a score as Nomad's CLI does, with three decimals. */
export function score3(n: number): string {
  return n.toFixed(3);
}

/** scoreRows lays out the ranked nodes of one placement, the chosen node first. */
export function scoreRows(ranked: readonly RankedNode[]): ScoreRow[] {
  return ranked.map((r, i) => {
    const scores = SCORERS.map((s) => r.Scores[s.key] ?? null);
    const applied = scores.filter((x): x is number => x !== null);
    const combination =
      applied.length <= 1
        ? `${score3(r.NormScore)}`
        : `(${applied.map(score3).join(' + ')}) / ${applied.length} = ${score3(r.NormScore)}`;
    return {
      nodeID: r.NodeID,
      nodeName: r.NodeName || r.NodeID,
      chosen: i === 0,
      scores,
      final: r.NormScore,
      combination,
    };
  });
}
