// One row of the event controls: a group named for what it acts on.

import type { ReactNode } from 'react';

/**
 * ControlRow groups the controls for one target under its name. With
 * `labelFor`, the name labels that field (the row's choice of target).
 */
export function ControlRow({ name, labelFor, children }: { name: string; labelFor?: string; children: ReactNode }) {
  return (
    <div className="rollout-row" role="group" aria-label={name}>
      {labelFor === undefined ? (
        <span className="rollout-row-label">{name}</span>
      ) : (
        <label className="rollout-row-label" htmlFor={labelFor}>
          {name}
        </label>
      )}
      {children}
    </div>
  );
}
