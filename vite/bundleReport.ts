// A Vite plugin that ends `npm run build` with the bundle's sizes, grouped by
// when the page loads them (bench/bundle.ts, which the browser benchmark
// prints too), and fails the build when a chunk was bundled more than once.

import type { Plugin } from 'vite';
import { bundleSizes, formatBundle } from '../bench/bundle.ts';

/** bundleReport prints the sizes of the page's build once it is written. */
export function bundleReport(): Plugin {
  return {
    name: 'nomad-playground:bundle-report',
    apply: 'build',
    // The output's directory is where the page's build was written.
    writeBundle(output) {
      const sizes = bundleSizes(output.dir!);
      this.info(`\n${formatBundle(sizes).join('\n')}`);
      if (sizes.duplicates.length > 0)
        this.error(
          'a lazily loaded chunk is in the build more than once (see above): the page and a worker each bundled it',
        );
    },
  };
}
