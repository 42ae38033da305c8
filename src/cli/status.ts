// The commands' exit statuses, apart from the runner so that the
// nomad-playground dispatcher can name them without loading the reconciler.

/** EXIT_OK, EXIT_INTERNAL and EXIT_INPUT are the commands' exit statuses: success, a bug in the engine, bad input or usage. */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_INPUT = 2;
