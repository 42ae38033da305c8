// Options read from the page's query string, mostly for tests and
// benchmarks. Only the options in URL_OPTIONS are read, each within its
// bounds; anything else in the address is ignored. Every option in force is
// named in the header (describeUrlOptions), so that a link that carries one
// never changes the page without saying so. Location is a parameter.

/** UrlOptions are the tunables a query string may set. */
export interface UrlOptions {
  timeoutMs?: number;
  debounceMs?: number;
}

/** UrlOption is one documented option: its query key, the field it sets, how it is read and how it is shown. */
interface UrlOption<K extends keyof UrlOptions> {
  key: string;
  field: K;
  /** read turns the query value into the option's value, or undefined when it is malformed or out of bounds. */
  read(raw: string): UrlOptions[K] | undefined;
  /** describe names the option in force, for the header. */
  describe(value: NonNullable<UrlOptions[K]>): string;
}

// integerIn reads a whole number within [min, max].
function integerIn(min: number, max: number): (raw: string) => number | undefined {
  return (raw) => {
    if (!/^\d+$/.test(raw.trim())) return undefined;
    const n = Number(raw);
    return n >= min && n <= max ? n : undefined;
  };
}

const seconds = (ms: number) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * URL_OPTIONS are every option a query string may set, with their bounds:
 * `?timeout=` the reconciler's time limit (100 ms to 60 s; 3 s when
 * absent), `?debounce=` how long after the last keystroke a run starts
 * (0 to 10 min; by default each edit runs at once). Add an option by
 * adding a row here and a field to UrlOptions.
 */
export const URL_OPTIONS: readonly UrlOption<keyof UrlOptions>[] = [
  { key: 'timeout', field: 'timeoutMs', read: integerIn(100, 60_000), describe: (v) => `time limit ${seconds(v)}` },
  {
    key: 'debounce',
    field: 'debounceMs',
    read: integerIn(0, 600_000),
    describe: (v) => `runs ${seconds(v)} after typing`,
  },
];

/** readUrlOptions reads the documented options from a query string such as location.search; unknown, malformed or out-of-bounds values are ignored. */
export function readUrlOptions(search: string): UrlOptions {
  const params = new URLSearchParams(search);
  const out: UrlOptions = {};
  for (const option of URL_OPTIONS) {
    const raw = params.get(option.key);
    const value = raw === null ? undefined : option.read(raw);
    if (value !== undefined) out[option.field] = value;
  }
  return out;
}

/** describeUrlOptions names each option in force, as `?key=value: what it does`, in URL_OPTIONS' order. */
export function describeUrlOptions(options: UrlOptions): string[] {
  const out: string[] = [];
  for (const option of URL_OPTIONS) {
    const value = options[option.field];
    if (value !== undefined) out.push(`?${option.key}=${value}: ${option.describe(value)}`);
  }
  return out;
}
