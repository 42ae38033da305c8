// Values given for variables that the jobspec does not declare: jobspec2
// refuses them, and the Variables editor offers to remove them.

/** undeclaredNames are the names of `values` that no declared variable has, in the values' order. */
export function undeclaredNames(values: Record<string, unknown>, declared: readonly { name: string }[]): string[] {
  return Object.keys(values).filter((n) => !declared.some((v) => v.name === n));
}
