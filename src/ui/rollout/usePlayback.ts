// Playing the film: each frame stays on screen PLAY_INTERVAL_MS, and
// playing stops at the last frame.

import { useEffect, useState } from 'react';

/** PLAY_INTERVAL_MS is how long each frame stays on screen while playing. */
const PLAY_INTERVAL_MS = 900;

/** usePlayback is whether the film plays, and the Play button's action (from the first frame when at the end). */
export function usePlayback(
  frame: number,
  frames: number,
  selectFrame: (frame: number) => void,
): { playing: boolean; togglePlay(): void } {
  const [playing, setPlaying] = useState(false);
  // Playing stops at the last frame (adjusted while rendering, not in an effect).
  if (playing && frame >= frames) setPlaying(false);
  useEffect(() => {
    if (!playing || frame >= frames) return;
    const t = window.setTimeout(() => selectFrame(frame + 1), PLAY_INTERVAL_MS);
    return () => window.clearTimeout(t);
  }, [playing, frame, frames, selectFrame]);
  const togglePlay = () => {
    if (!playing && frame >= frames) selectFrame(1);
    setPlaying(!playing);
  };
  return { playing, togglePlay };
}
