// The picture's colours: the graph's theme (src/ui/graph/theme.css) as data,
// light and dark, so that a picture drawn without the page's style sheet
// has the page's colours. A test holds the two to the same values.

/** Palette is every colour of the graph, by its CSS variable's name (--cg-surface-2 is surface2). */
export type Palette = typeof LIGHT;

const LIGHT = {
  bg: '#f7f8fa',
  surface: '#ffffff',
  surface2: '#f0f2f5',
  text: '#1b1f24',
  muted: '#5b6470',
  border: '#c9ced6',
  focus: '#1f6feb',
  highlight: '#d4a000',
  highlightBg: 'rgba(255, 200, 0, 0.22)',
  nodeReady: '#2f9e44',
  nodeInit: '#1c7ed6',
  nodeDown: '#c92a2a',
  nodeDownBg: 'rgba(201, 42, 42, 0.08)',
  nodeDisconnected: '#9c36b5',
  nodeDrain: '#e8590c',
  nodeInelig: '#6c757d',
  nodeGc: '#868e96',
  ignore: '#adb5bd',
  stop: '#c92a2a',
  lost: '#862e9c',
  migrate: '#e8590c',
  destructive: '#d6336c',
  inplace: '#2f9e44',
  rescheduleNow: '#f08c00',
  rescheduleLater: '#1c7ed6',
  canary: '#d4a000',
  stRunning: '#2f9e44',
  stPending: '#1c7ed6',
  stComplete: '#6c757d',
  stFailed: '#c92a2a',
  stLost: '#862e9c',
  ghost: '#5b6470',
  ghostBg: 'rgba(91, 100, 112, 0.06)',
  canaryBg: 'rgba(212, 160, 0, 0.12)',
  eraCurrent: '#1864ab',
  goingStripe: '#c3c8cf',
};

const DARK: Palette = {
  bg: '#14171c',
  surface: '#1d2128',
  surface2: '#262b33',
  text: '#e6e9ee',
  muted: '#9aa4b1',
  border: '#3a414c',
  focus: '#58a6ff',
  highlight: '#ffd43b',
  highlightBg: 'rgba(255, 212, 59, 0.18)',
  nodeReady: '#51cf66',
  nodeInit: '#4dabf7',
  nodeDown: '#ff6b6b',
  nodeDownBg: 'rgba(255, 107, 107, 0.1)',
  nodeDisconnected: '#da77f2',
  nodeDrain: '#ff922b',
  nodeInelig: '#adb5bd',
  nodeGc: '#868e96',
  ignore: '#5c636e',
  stop: '#ff6b6b',
  lost: '#da77f2',
  migrate: '#ff922b',
  destructive: '#f06595',
  inplace: '#51cf66',
  rescheduleNow: '#fcc419',
  rescheduleLater: '#4dabf7',
  canary: '#ffd43b',
  stRunning: '#51cf66',
  stPending: '#4dabf7',
  stComplete: '#adb5bd',
  stFailed: '#ff6b6b',
  stLost: '#da77f2',
  ghost: '#9aa4b1',
  ghostBg: 'rgba(154, 164, 177, 0.08)',
  canaryBg: 'rgba(255, 212, 59, 0.1)',
  eraCurrent: '#1971c2',
  goingStripe: '#3f4651',
};

/** PALETTES are the light and dark palettes, as the page's theme names them. */
export const PALETTES: Record<'light' | 'dark', Palette> = { light: LIGHT, dark: DARK };

/** Paint is a colour as every SVG reader takes it: rgba() split into an opaque colour and an opacity. */
export interface Paint {
  color: string;
  opacity: number;
}

const RGBA = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/;

/** paint splits a CSS colour (hex or rgba()) into a hex colour and an opacity. */
export function paint(css: string): Paint {
  const m = RGBA.exec(css);
  if (m === null) return { color: css, opacity: 1 };
  const hex = [m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, '0')).join('');
  return { color: `#${hex}`, opacity: Number(m[4]) };
}
