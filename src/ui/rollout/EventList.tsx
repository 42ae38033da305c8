// The rollout's events, as the Cluster tab's Events list holds them, each
// with what became of it: when it happened, why it changed nothing, or
// that the film ended before its time came. Each can be removed.

import { useState } from 'react';
import type { Film } from '../../simulator/simulate.ts';
import { EVENTS_KEY, type SimEvent } from '../../scenario/events.ts';
import { useActions } from '../storeContext.tsx';
import { describeEvent, sinceStart } from './describe.ts';
import { eventProblemWords } from './eventProblem.tsx';

/** EventList lists the events the film was made with and lets the person remove one. */
export function EventList({ film, events }: { film: Film; events: readonly SimEvent[] }) {
  const { removeEvent, selectFrame } = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const start = film.Steps[0]?.Time ?? film.End.Time;
  return (
    <section className="rollout-events" aria-label="Events" data-testid="rollout-events">
      <h4>Events ({events.length})</h4>
      {events.length === 0 ? (
        <p className="muted">
          None yet: the film is what Nomad does on its own. Events are kept in the Cluster tab’s “{EVENTS_KEY}” list.
        </p>
      ) : (
        <ol>
          {events.map((e, i) => {
            const note = film.Events[i];
            return (
              <li key={i} data-testid="rollout-event" data-kind={e.Kind}>
                <button
                  type="button"
                  className="link-button"
                  title="Show the evaluation it follows"
                  onClick={() => selectFrame(e.After)}
                >
                  {describeEvent(e)}
                </button>
                <span className="muted" data-problem={note?.Problem?.code}>
                  {' '}
                  {note?.Time == null ? (
                    '· not reached'
                  ) : note.Problem !== null ? (
                    <>· ignored: {eventProblemWords(note.Problem)}</>
                  ) : (
                    `· at ${sinceStart(start, note.Time)}`
                  )}
                </span>{' '}
                <button
                  type="button"
                  className="button rollout-remove"
                  aria-label={`Remove event ${i + 1}`}
                  onClick={() => setProblem(removeEvent(i))}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <p className="rollout-problem" role="alert" data-visible={problem !== null}>
        {problem}
      </p>
    </section>
  );
}
