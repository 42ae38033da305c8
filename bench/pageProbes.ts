// Functions the browser benchmark runs inside the page. Playwright sends
// each one as source text, so each is self-contained: no imports, no
// helpers from outside its own body. Times are performance.now() values,
// whose origin is the start of the navigation. "Painted" is the moment after
// the frame that shows a change: a message posted from that frame's
// requestAnimationFrame callback is delivered once the frame is done.

/** FirstGraph is when the first client-node box became visible, and what the page had loaded by then. */
export interface FirstGraph {
  /** painted is the time after the first frame that shows a client-node box. */
  painted: number;
  /** resources are the URLs the page had fetched by then. */
  resources: string[];
}

/** KeystrokeTimes are the moments of one edit, from the keydown to the updated graph on screen. */
export interface KeystrokeTimes {
  keydown: number;
  /** echo is the first frame after the keydown: when the typed character shows in the editor. */
  echo: number;
  /** updated is when the graph's DOM changed. */
  updated: number;
  painted: number;
}

type ProbeWindow = Window & {
  __firstGraph?: Promise<FirstGraph>;
  __keystroke?: () => void;
  __pending?: Promise<KeystrokeTimes | null>;
  __frames?: { times: number[]; running: boolean };
};

/**
 * watchFirstGraph is an init script: from the start of the document it
 * watches for the first visible client-node box and keeps the time the
 * frame that shows it was done in window.__firstGraph.
 */
export function watchFirstGraph(): void {
  const w = window as ProbeWindow;
  w.__firstGraph = new Promise<FirstGraph>((resolve) => {
    const visible = (): boolean => {
      const box = document.querySelector('[data-testid="client-node"]');
      if (!box) return false;
      // React Flow hides a node (visibility) until it knows its size.
      const node = box.closest('.react-flow__node') ?? box;
      const r = node.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && node.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const observer = new MutationObserver(() => {
      if (!visible()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () =>
          resolve({
            painted: performance.now(),
            resources: performance.getEntriesByType('resource').map((e) => e.name),
          });
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    });
  });
}

/**
 * installKeystrokeProbe prepares window.__keystroke(): after it, the next
 * keydown is timed, and window.__pending resolves with the times of the
 * graph's next change (the lane's count of placements, or an allocation's
 * data-action changed), or null when nothing changes within timeoutMs.
 */
export function installKeystrokeProbe(timeoutMs: number): void {
  const w = window as ProbeWindow;
  const graph = document.querySelector('[data-testid="cluster-graph"]');
  if (!graph) throw new Error('installKeystrokeProbe: no graph on the page');
  // The lane's header counts the pending placements; reading it is cheaper
  // than counting cards on every mutation.
  // Looked up each time: a graph that renders only what is in view may mount the lane anew.
  const placements = () => graph.querySelector('[data-testid="placement-lane"] header')?.textContent ?? '';
  const afterFrame = (then: (t: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => then(performance.now());
      channel.port2.postMessage(null);
    });
  let keydown: number | null = null;
  let echo: number | null = null;
  window.addEventListener(
    'keydown',
    (e) => {
      if (keydown !== null) return;
      keydown = e.timeStamp;
      requestAnimationFrame(() => (echo = performance.now()));
    },
    true,
  );
  w.__keystroke = () => {
    keydown = null;
    echo = null;
    const before = placements();
    w.__pending = new Promise((resolve) => {
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, timeoutMs);
      const observer = new MutationObserver((records) => {
        if (keydown === null) return;
        if (placements() === before && !records.some((r) => r.type === 'attributes')) return;
        const updated = performance.now();
        observer.disconnect();
        clearTimeout(timer);
        afterFrame((painted) => resolve({ keydown: keydown!, echo: echo ?? painted, updated, painted }));
      });
      // characterData: React rewrites a lone text child (the lane's count) in place.
      observer.observe(graph, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['data-action'],
      });
    });
  };
}

/** startFrames starts recording the time of every animation frame in window.__frames. */
export function startFrames(): void {
  const w = window as ProbeWindow;
  const frames = { times: [] as number[], running: true };
  w.__frames = frames;
  const loop = (t: number) => {
    frames.times.push(t);
    if (frames.running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

/** stopFrames stops the recording and returns the time between consecutive frames. */
export function stopFrames(): number[] {
  const frames = (window as ProbeWindow).__frames;
  if (!frames) return [];
  frames.running = false;
  return frames.times.slice(1).map((t, i) => t - frames.times[i]!);
}

/** panStart finds a point on the graph's empty background, where a drag pans the view. */
export function panStart(): { x: number; y: number } | null {
  const pane = document.querySelector('[data-testid="cluster-graph"] .react-flow__pane');
  if (!pane) return null;
  const r = pane.getBoundingClientRect();
  for (let y = r.top + 10; y < r.bottom - 10; y += 15) {
    for (let x = r.left + 10; x < r.right - 200; x += 15) {
      if (document.elementFromPoint(x, y) === pane) return { x, y };
    }
  }
  return null;
}
