// One fixed collation for every list of the cascade, so the order is the same whatever the
// database's collation or the server's locale ("DeKalb" next to "Dearborn", not after "Dyer").
const collator = new Intl.Collator('en-US');

export function compareLabels(a: { label: string }, b: { label: string }): number {
  return collator.compare(a.label, b.label);
}
