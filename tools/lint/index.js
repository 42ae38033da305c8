// The root's eslint.config.js imports typescript-eslint through this file,
// so that it resolves from here, beside the TypeScript 6 it needs.
export { default } from 'typescript-eslint';
