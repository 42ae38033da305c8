// What a picture says about itself, and the file it is saved as.

import { describe, expect, it } from 'vitest';
import { fileStem, frameCaption, scenarioCaption } from '../../src/picture/caption.ts';
import { readText } from '../graph/helpers.ts';
import { exampleFilm, exampleText } from './helpers.ts';

describe('captions', () => {
  it('makes file names from titles: lower case, hyphens, cut at a word', () => {
    expect(fileStem('Canary rollout on a troubled cluster')).toBe('canary-rollout-on-a-troubled-cluster');
    expect(fileStem('Rollout: canaries, promotion, success!')).toBe('rollout-canaries-promotion-success');
    expect(fileStem('Déjà vu')).toBe('deja-vu');
    expect(fileStem('!!!')).toBe('picture');
    expect(fileStem('one two three four five six seven eight nine ten').length).toBeLessThanOrEqual(40);
  });

  it('names one reconciliation by the scenario, its evaluation and time', () => {
    const c = scenarioCaption(readText(exampleText('node-drain')));
    expect(c.file).toBe(fileStem(c.title));
    expect(c.subtitle).toMatch(/^Evaluation \S+ · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · job \S+ version \d+$/);
  });

  it('names a film’s frames by their evaluation, and the end as the end', () => {
    const film = exampleFilm('rollout-canary');
    const stem = fileStem(film.Steps[0]!.Scenario.Name);
    const third = frameCaption(film, 3);
    expect(third.file).toBe(`${stem}-eval3`);
    expect(third.subtitle).toMatch(
      new RegExp(`^Evaluation 3 of ${film.Steps.length} · .* UTC \\(\\+\\S+\\) · triggered by \\S+`),
    );
    const end = frameCaption(film, film.Steps.length + 1);
    expect(end.file).toBe(`${stem}-end`);
    expect(end.subtitle).toContain(`End of the rollout after ${film.Steps.length} evaluations: ${film.End.Status}`);
  });
});
