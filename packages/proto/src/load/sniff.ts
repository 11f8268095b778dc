/**
 * Tells what a graph input is from its content (the name is only a tie-breaker): JSON, a TFRecord
 * event file, protobuf text, or binary protobuf, and for protobuf which message it holds.
 */
import { crc32c, maskCrc } from '../wire/crc32c.js';
import { scanWire } from '../wire/validate.js';
import { Tokenizer, TOK_EOF, TOK_IDENT, TOK_SYMBOL } from '../pbtxt/tokenizer.js';
import { schema } from '../schema/schema.js';

export type TopMessage = 'tensorflow.GraphDef' | 'tensorflow.MetaGraphDef' | 'tensorflow.SavedModel' | 'tensorflow.RunMetadata';

export type Sniffed =
  | { container: 'json' }
  | { container: 'events' }
  | { container: 'pbtxt'; message: TopMessage }
  | { container: 'binary'; message: TopMessage }
  | { container: 'empty' }
  | { container: 'unknown'; reason: string };

const CANDIDATES: TopMessage[] = ['tensorflow.GraphDef', 'tensorflow.MetaGraphDef', 'tensorflow.SavedModel', 'tensorflow.RunMetadata'];

/** The type a file name suggests, used only to break ties. */
function hintFromName(name: string | undefined): TopMessage | null {
  if (!name) return null;
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).toLowerCase();
  if (base.startsWith('saved_model')) return 'tensorflow.SavedModel';
  if (base.endsWith('.meta') || base.includes('meta_graph') || base.includes('metagraph')) return 'tensorflow.MetaGraphDef';
  if (base.includes('run_metadata') || base.includes('runmetadata') || base.includes('step_stats')) return 'tensorflow.RunMetadata';
  return null;
}

/** A TFRecord whose first length header carries a valid masked CRC is an event file. */
export function looksLikeTfRecord(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const stored = (bytes[8]! | (bytes[9]! << 8) | (bytes[10]! << 16) | (bytes[11]! << 24)) >>> 0;
  return maskCrc(crc32c(bytes, 0, 8)) === stored;
}

function firstNonSpace(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13)) i++;
  return i;
}

/** Printable text with no NULs or stray control bytes in its first 4 KiB. */
function looksLikeText(bytes: Uint8Array, from: number): boolean {
  const end = Math.min(bytes.length, from + 4096);
  for (let i = from; i < end; i++) {
    const b = bytes[i]!;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 11 && b !== 12) return false;
    if (b === 127) return false;
  }
  const c = bytes[from]!;
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 35;
}

/** The top-level field names of a text-format message (a sample of the first 64 KiB). */
function topLevelNames(bytes: Uint8Array): Set<string> | null {
  const names = new Set<string>();
  try {
    const tok = new Tokenizer(bytes.length > 65536 ? bytes.subarray(0, 65536) : bytes);
    let depth = 0;
    let prevWasValue = false;
    while (tok.type !== TOK_EOF) {
      if (tok.type === TOK_SYMBOL) {
        if (tok.symbol === 123 || tok.symbol === 60 || tok.symbol === 91) depth++;
        else if (tok.symbol === 125 || tok.symbol === 62 || tok.symbol === 93) depth--;
        prevWasValue = tok.symbol === 58;
      } else if (tok.type === TOK_IDENT && depth === 0 && !prevWasValue) {
        names.add(tok.text());
      } else prevWasValue = false;
      tok.next();
    }
  } catch {
    // The sample may end mid-string; the names seen so far are enough.
  }
  return names.size ? names : null;
}

export function sniff(bytes: Uint8Array, name?: string): Sniffed {
  if (bytes.length === 0) return { container: 'empty' };
  const start = firstNonSpace(bytes);
  if (start >= bytes.length) return { container: 'empty' };
  if (bytes[start] === 123 || bytes[start] === 91) return { container: 'json' };
  if (looksLikeTfRecord(bytes)) return { container: 'events' };
  const hint = hintFromName(name);
  if (looksLikeText(bytes, start)) {
    const names = topLevelNames(bytes);
    if (names) {
      const fits = CANDIDATES.filter((t) => [...names].every((n) => schema().message(t).byName.has(n)));
      if (fits.length) return { container: 'pbtxt', message: hint && fits.includes(hint) ? hint : fits[0]! };
      return { container: 'unknown', reason: `text with top-level fields ${[...names].slice(0, 5).join(', ')} is none of GraphDef, MetaGraphDef, SavedModel or RunMetadata` };
    }
  }
  // Binary protobuf: score each candidate on a sample of fields; structural errors disqualify.
  let best: TopMessage | null = null;
  let bestScore = -Infinity;
  let damaged: TopMessage | null = null;
  let damagedKnown = 0;
  for (const t of hint ? [hint, ...CANDIDATES.filter((c) => c !== hint)] : CANDIDATES) {
    const scan = scanWire(bytes, t, { maxFields: 4000, checkUtf8: true });
    if (scan.issue) {
      // Remember the type that got furthest, so a truncated file still gets a precise error.
      if (scan.known > damagedKnown) {
        damaged = t;
        damagedKnown = scan.known;
      }
      continue;
    }
    const total = scan.known + scan.unknown;
    if (total === 0) continue;
    const score = scan.known / total + (t === hint ? 0.01 : 0);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  if (best && bestScore >= 0.5) return { container: 'binary', message: best };
  if (damaged && damagedKnown >= 2) return { container: 'binary', message: damaged };
  return { container: 'unknown', reason: 'not JSON, text, an event file or a TensorFlow protobuf message' };
}
