// Pictures of the examples for the picture's tests: each example reconciled
// and drawn, and a rollout example's film.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGraph } from '../../src/graph/buildGraph.ts';
import { deploymentViews } from '../../src/graph/deployment.ts';
import type { GraphModel } from '../../src/graph/model.ts';
import { scenarioCaption } from '../../src/picture/caption.ts';
import { drawPicture, type Picture, type PictureInput } from '../../src/picture/picture.ts';
import { readText, reconcileScenario } from '../graph/helpers.ts';
import { runRollout } from '../simulator/helpers.ts';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'src', 'examples');

/** Drawn is an example's graph model and its picture. */
export interface Drawn {
  model: GraphModel;
  picture: Picture;
}

/** exampleText is an example's scenario document as text. */
export function exampleText(id: string): string {
  return readFileSync(join(EXAMPLES, `${id}.json`), 'utf8');
}

/** drawExample reconciles an example and draws its picture in a theme. */
export function drawExample(id: string, theme: PictureInput['theme'] = 'light'): Drawn {
  const { scenario, document, trace } = reconcileScenario(readText(exampleText(id)));
  const model = buildGraph(scenario, document, trace);
  const deployments = deploymentViews(scenario, document);
  return { model, picture: drawPicture({ model, deployments, caption: scenarioCaption(scenario), theme }) };
}

/** exampleFilm simulates a rollout example with its own events. */
export function exampleFilm(id: string) {
  const doc = JSON.parse(exampleText(id)) as Record<string, unknown> & { Events?: unknown[] };
  return runRollout(doc, doc.Events ?? []).film;
}
