// A panel that throws while drawing shows what went wrong in its place, and
// the rest of the page keeps working: without it, one error anywhere in
// rendering unmounts the whole app and leaves a blank page.

import { Component, type ReactNode } from 'react';

interface Props {
  /** name says which panel this is, in the message. */
  name: string;
  children: ReactNode;
}

/** PanelBoundary draws its panel, or, once the panel has thrown, a message with a button to draw it again. */
export class PanelBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div className="panel-failed" role="alert" data-testid="panel-failed">
        <p>
          The {this.props.name} hit a bug while drawing and stopped ({error.message}). The rest of the page still works.
        </p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          Draw it again
        </button>
      </div>
    );
  }
}
