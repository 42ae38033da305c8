// The result document looked up by allocation: which of its lists name an
// existing allocation, so the graph and the details panel need not search.

import type {
  AttributeUpdateDocument,
  DestructiveUpdateDocument,
  DisconnectUpdateDocument,
  FollowupEvalDocument,
  InplaceUpdateDocument,
  PlaceDocument,
  ReconnectUpdateDocument,
  ResultDocument,
  StopDocument,
} from '../result/document.ts';

/** AllocResult is everything the result document says about one existing allocation. */
export interface AllocResult {
  stop?: StopDocument;
  destructive?: DestructiveUpdateDocument;
  inplace?: InplaceUpdateDocument;
  /** replacement is the placement whose PreviousAllocID is this allocation (a migration or a reschedule). */
  replacement?: PlaceDocument;
  attribute?: AttributeUpdateDocument;
  /** disconnect and reconnect are Nomad 1.6's client-status updates: marked unknown, or kept as its node came back. */
  disconnect?: DisconnectUpdateDocument;
  reconnect?: ReconnectUpdateDocument;
  /** followup is the follow-up evaluation named by its attribute update, stop or disconnect update, if the document has it. */
  followup?: FollowupEvalDocument;
}

function entry(index: Map<string, AllocResult>, id: string): AllocResult {
  let r = index.get(id);
  if (r === undefined) {
    r = {};
    index.set(id, r);
  }
  return r;
}

/** indexResult maps each allocation ID the result document names to what it says about it. */
export function indexResult(doc: ResultDocument): Map<string, AllocResult> {
  const index = new Map<string, AllocResult>();
  const evals = new Map<string, FollowupEvalDocument>();
  for (const list of Object.values(doc.DesiredFollowupEvals)) for (const e of list) evals.set(e.ID, e);
  for (const s of doc.Stop) {
    const r = entry(index, s.AllocID);
    r.stop = s;
    if (s.FollowupEvalID !== '') r.followup = evals.get(s.FollowupEvalID);
  }
  for (const d of doc.DestructiveUpdate) entry(index, d.StopAllocID).destructive = d;
  for (const u of doc.InplaceUpdate) entry(index, u.AllocID).inplace = u;
  for (const p of doc.Place) if (p.PreviousAllocID !== '') entry(index, p.PreviousAllocID).replacement = p;
  for (const a of doc.AttributeUpdates) {
    const r = entry(index, a.AllocID);
    r.attribute = a;
    r.followup = evals.get(a.FollowupEvalID) ?? r.followup;
  }
  for (const d of doc.DisconnectUpdates ?? []) {
    const r = entry(index, d.AllocID);
    r.disconnect = d;
    r.followup = evals.get(d.FollowupEvalID) ?? r.followup;
  }
  for (const u of doc.ReconnectUpdates ?? []) entry(index, u.AllocID).reconnect = u;
  return index;
}
