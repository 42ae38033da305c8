// The film exported: every frame of a rollout drawn as its own picture,
// numbered in order, for a zip of SVG files (zip.ts). Separate files, not
// one animated picture: a slide program takes each as a slide, and none of
// PowerPoint, Keynote or Google Slides plays an SVG's animation.

import { buildGraph } from '../graph/buildGraph.ts';
import { deploymentViews } from '../graph/deployment.ts';
import type { Fold } from '../graph/fold.ts';
import type { Shape } from '../graph/layout.ts';
import type { Film } from '../simulator/simulate.ts';
import { fileStem, frameCaption } from './caption.ts';
import { drawPicture, type PictureInput } from './picture.ts';

/** FilmFile is one frame's picture and the name it has in the zip. */
export interface FilmFile {
  name: string;
  svg: string;
}

/** filmName is the zip's file name for a film of a scenario titled `title`. */
export function filmName(title: string): string {
  return `${fileStem(title)}-film.zip`;
}

/**
 * filmPictures draws every frame of the film, each evaluation then the end,
 * all in one shape (the page's, so that the boxes stay where they were from
 * frame to frame), theme and fold (the page's: each frame folds what
 * nothing happens to in it, as the page shows that frame); the names start
 * with the frame's number, zero-padded, so that they sort in order.
 */
export function filmPictures(film: Film, shape: Shape | null, theme: PictureInput['theme'], fold: Fold): FilmFile[] {
  const frames = [...film.Steps, film.End];
  const digits = String(frames.length).length;
  return frames.map((f, i) => {
    const caption = frameCaption(film, i + 1);
    const model = buildGraph(f.Scenario, f.Document, f.Trace, null, shape, fold);
    const { svg } = drawPicture({ model, deployments: deploymentViews(f.Scenario, f.Document), caption, theme });
    return { name: `${String(i + 1).padStart(digits, '0')}-${caption.file}.svg`, svg };
  });
}
