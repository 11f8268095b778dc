/**
 * Lifts two nodes of the hierarchy to the two distinct children of their lowest common
 * ancestor (the pair a metaedge joins): `out[0]` above `a`, `out[1]` above `b`. Iterative,
 * with `level` giving each ref's depth and `up` its parent.
 */
export function liftToLcaChildren(a: number, b: number, level: Int32Array, up: (ref: number) => number, out: Int32Array): void {
  while (level[a]! > level[b]!) a = up(a);
  while (level[b]! > level[a]!) b = up(b);
  while (up(a) !== up(b)) {
    a = up(a);
    b = up(b);
  }
  out[0] = a;
  out[1] = b;
}
