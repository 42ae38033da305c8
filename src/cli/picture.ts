// `reconcile --format svg`: the page's picture of one reconciliation (the
// graph, the deployment's panels, the evaluation and a legend) as plain
// SVG, light, so that a script can make the pictures of a slide deck.

import { buildGraph } from '../graph/buildGraph.ts';
import { deploymentViews } from '../graph/deployment.ts';
import { FOLDED, NO_FOLD } from '../graph/fold.ts';
import { scenarioCaption } from '../picture/caption.ts';
import { drawPicture } from '../picture/picture.ts';
import type { runScenario } from '../result/run.ts';
import type { Scenario } from '../scenario/read.ts';

/**
 * pictureOf draws a scenario's result as the page's Export SVG button does
 * (its graph about square, as no pane shapes it): folded as the page opens
 * it, or, without `fold`, with every node and allocation drawn.
 */
export function pictureOf(scenario: Scenario, run: ReturnType<typeof runScenario>, fold: boolean): string {
  const model = buildGraph(scenario, run.document, run.results.trace ?? null, null, null, fold ? FOLDED : NO_FOLD);
  const { svg } = drawPicture({
    model,
    deployments: deploymentViews(scenario, run.document),
    caption: scenarioCaption(scenario),
    theme: 'light',
  });
  return `${svg}\n`;
}
