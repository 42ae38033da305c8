// Loading an example into both editor tabs. Over text the person edited, it
// waits for their answer (pending); their text is then set aside as a draft
// they can bring back. A text the app loaded itself, unedited, is replaced
// without asking and without a draft.

import { useRef, useState } from 'react';
import defaultScenario from '../defaultScenario.json';
import type { Example } from '../../examples/index.ts';
import { splitScenario, type TabTexts } from '../../scenario/tabs.ts';
import { useActions, useStoreApi } from '../storeContext.tsx';
import { useShareActions } from '../share/shareContext.tsx';
import { needsConfirmation } from './loadGuard.ts';

const DEFAULT_TEXTS = splitScenario(defaultScenario);

/** PendingExample is an example read and waiting for the person's answer. */
export interface PendingExample {
  example: Example;
  texts: TabTexts;
}

/** ExampleLoader is the example waiting for an answer, the last failure to load one, and the two steps. */
export interface ExampleLoader {
  pending: PendingExample | null;
  failure: string | null;
  /** choose reads an example and loads it, or makes it pending over edited text. */
  choose(example: Example): Promise<void>;
  /** answer loads the pending example (`load`) or drops it. */
  answer(load: boolean): void;
}

/** useExampleLoader loads examples into the editors, asking first over the person's edits. */
export function useExampleLoader(): ExampleLoader {
  const store = useStoreApi();
  const { selectAlloc } = useActions();
  const { replaceTexts } = useShareActions();
  const [pending, setPending] = useState<PendingExample | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const lastLoaded = useRef<TabTexts | null>(null);

  const edited = () => needsConfirmation(store.getState().texts, [DEFAULT_TEXTS, lastLoaded.current]);
  const apply = (texts: TabTexts) => {
    const setAside = edited();
    lastLoaded.current = texts;
    selectAlloc(null);
    replaceTexts(texts, 'before loading an example', setAside);
  };

  const choose = async (example: Example) => {
    setFailure(null);
    let texts: TabTexts;
    try {
      texts = splitScenario(await example.load());
    } catch {
      // A chunk that fails to download (offline after an update) changes nothing.
      setFailure(`The example “${example.title}” could not be loaded. Nothing was changed.`);
      return;
    }
    if (edited()) setPending({ example, texts });
    else apply(texts);
  };
  const answer = (load: boolean) => {
    setPending(null);
    if (load && pending) apply(pending.texts);
  };
  return { pending, failure, choose, answer };
}
