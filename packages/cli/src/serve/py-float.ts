/**
 * Python's `repr(float)` (what TensorBoard's CSV writer prints): the shortest round-trip digits,
 * like JS, but `3.0` for whole numbers, exponent form below 1e-4 and from 1e16 (`1e-05`,
 * `1e+16`), and `nan` / `inf` / `-inf`.
 */
export function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const s = String(x);
  return s.includes('.') || s.includes('e') ? s : `${s}.0`;
}
