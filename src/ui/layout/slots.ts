// The one seam between the app shell and the views another part of the app
// provides: the graph, the explanation and the allocation details. The shell
// passes them props from the store and knows nothing else about them.

/** ClusterGraph is the graph view of a result. */
export { ClusterGraph } from '../graph/ClusterGraph.tsx';
/** AllocDetails is the side panel of one allocation. */
export { AllocDetails } from '../graph/AllocDetails.tsx';
/** ExplainPanel is the reconciler's trace made readable. */
export { ExplainPanel } from '../explain/ExplainPanel.tsx';
