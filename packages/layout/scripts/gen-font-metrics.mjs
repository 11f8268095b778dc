// Generates src/text/roboto-metrics.ts from the Roboto Regular files of @fontsource/roboto: advance
// widths, pair kerning and ligatures, packed into short strings, so layout measures labels without a
// DOM and gets what a browser canvas's measureText gives for the same @font-face set.
// Usage: node scripts/gen-font-metrics.mjs [--out FILE]   (default: src/text/roboto-metrics.ts)
// Deterministic: the output depends only on the font package's files.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const outFile = outArg > 0 ? process.argv[outArg + 1] : join(pkgDir, 'src', 'text', 'roboto-metrics.ts');
if (!outFile) throw new Error('--out needs a file path');

const FONT_PKG = '@fontsource/roboto';
const fontPkgJson = createRequire(join(pkgDir, 'package.json')).resolve(`${FONT_PKG}/package.json`);
const fontDir = dirname(fontPkgJson);
const fontPkg = JSON.parse(readFileSync(fontPkgJson, 'utf8'));

// The renderer loads this stylesheet; its @font-face rules decide which file draws which character.
const CSS_FILE = '400.css';
// Code points a browser never draws from the font: the canvas text preparation algorithm turns ASCII
// whitespace into U+0020, and HarfBuzz hides default-ignorables (Unicode DerivedCoreProperties) at zero width.
const ASCII_WHITESPACE = [0x09, 0x0a, 0x0c, 0x0d];
// (Chromium draws the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and U+180F, so they are left out.)
const DEFAULT_IGNORABLE = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x17b4, 0x17b5], [0x180b, 0x180e],
  [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0xfe00, 0xfe0f], [0xfeff, 0xfeff],
  [0xfff0, 0xfff8],
];
// Chromium shapes canvas text word by word, split at spaces, so U+0020 never kerns (Roboto has ' T' -40).
const NEVER_KERNS = new Set([0x20]);
const ELLIPSIS = 0x2026;
const REPLACEMENT = 0xfffd;

// ---- faces: which font file a browser uses for each code point --------------------------------

function parseUnicodeRange(text) {
  return text.split(',').map((part) => {
    const m = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!m) throw new Error(`unsupported unicode-range part: ${part}`);
    return [parseInt(m[1], 16), parseInt(m[2] ?? m[1], 16)];
  });
}

function loadFaces() {
  const css = readFileSync(join(fontDir, CSS_FILE), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /url\(\.\/files\/([^)]+)\.woff2\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file || !range) throw new Error(`cannot read @font-face in ${CSS_FILE}: ${body}`);
    // opentype.js reads WOFF, not WOFF2; both wrap the same sfnt tables.
    const bytes = readFileSync(join(fontDir, 'files', `${file}.woff`));
    const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const subset = /^roboto-(.+)-400-normal$/.exec(file)?.[1] ?? file;
    return { subset, font, ranges: parseUnicodeRange(range) };
  });
  if (faces.length === 0) throw new Error(`no @font-face in ${CSS_FILE}`);
  // CSS Fonts 4 §4.5: where unicode-ranges overlap, the face defined last is tried first.
  return faces.reverse();
}

/** Code point -> { face, glyph } as a browser resolves it (unicode-range first, then the face's cmap). */
function assignCodePoints(faces) {
  const owner = new Map();
  for (const face of faces) {
    const cmap = face.font.tables.cmap.glyphIndexMap;
    const cps = Object.keys(cmap).map(Number).sort((a, b) => a - b);
    for (const cp of cps) {
      if (owner.has(cp) || !face.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) continue;
      owner.set(cp, { face, glyph: cmap[cp] });
    }
  }
  return owner;
}

// ---- OpenType layout: the lookups a browser applies by default ----------------------------------

function coverageIndex(cov, glyph) {
  if (cov.format === 1) return cov.glyphs.indexOf(glyph);
  for (const r of cov.ranges) if (glyph >= r.start && glyph <= r.end) return r.index + glyph - r.start;
  return -1;
}

function glyphClass(def, glyph) {
  if (def.format === 1) {
    const k = glyph - def.startGlyph;
    return k >= 0 && k < def.classes.length ? def.classes[k] : 0;
  }
  for (const r of def.ranges) if (glyph >= r.start && glyph <= r.end) return r.classId;
  return 0;
}

/** Indices of the lookups of `feature` for script `tag` (default language), in the order shapers apply them. */
function scriptLookups(table, tag, feature) {
  const script = table.scripts.find((s) => s.tag === tag)?.script;
  if (!script?.defaultLangSys) return [];
  const idx = script.defaultLangSys.featureIndexes.flatMap((i) =>
    table.features[i].tag === feature ? table.features[i].feature.lookupListIndexes : []);
  return [...new Set(idx)].sort((a, b) => a - b);
}

/** Lookups of `feature` for Latin text, or for any text when the font has no Latin script. */
function featureLookups(table, feature) {
  if (!table) return [];
  const latn = scriptLookups(table, 'latn', feature);
  return (latn.length > 0 ? latn : scriptLookups(table, 'DFLT', feature)).map((i) => table.lookups[i]);
}

/**
 * Kerning of one glyph pair as HarfBuzz applies GPOS pair lookups: every lookup adds its value; inside
 * a lookup the first subtable that covers the first glyph decides (a format-1 subtable without the
 * pair passes on to the next one). opentype.js's getKerningValue returns the first match instead.
 */
function pairKerning(lookups, first, second) {
  let total = 0;
  for (const lookup of lookups) {
    for (const st of lookup.subtables) {
      const ci = coverageIndex(st.coverage, first);
      if (ci < 0) continue;
      if (st.posFormat === 1) {
        const pair = st.pairSets[ci].find((p) => p.secondGlyph === second);
        if (!pair) continue;
        total += pair.value1?.xAdvance ?? 0;
      } else {
        const row = st.classRecords[glyphClass(st.classDef1, first)];
        total += row?.[glyphClass(st.classDef2, second)]?.value1?.xAdvance ?? 0;
      }
      break;
    }
  }
  return total;
}

function kernLookups(font) {
  const gpos = font.tables.gpos;
  if (!gpos) return [];
  const lookups = featureLookups(gpos, 'kern');
  // One table per face serves Latin, Greek and Cyrillic runs alike only if their kern lookups agree.
  for (const { tag } of gpos.scripts) {
    const own = scriptLookups(gpos, tag, 'kern');
    if (own.length > 0 && (own.length !== lookups.length || own.some((i, k) => gpos.lookups[i] !== lookups[k]))) {
      throw new Error(`script ${tag} kerns differently from Latin`);
    }
  }
  for (const l of lookups) {
    if (l.lookupType !== 2) throw new Error(`kern lookup type ${l.lookupType} is not modelled`);
    for (const st of l.subtables) if (st.valueFormat2) throw new Error('kerning that moves the second glyph is not modelled');
  }
  return lookups;
}

/**
 * Standard ligatures (liga, on by default in browsers), as [components, ligature glyph], in the order
 * a shaper tries them. Roboto's are f-ligatures only; a single greedy left-to-right pass over this
 * list forms the same ones as HarfBuzz's lookup-by-lookup passes (none of them can overlap another).
 */
function ligatures(font) {
  const out = [];
  for (const lookup of featureLookups(font.tables.gsub, 'liga')) {
    if (lookup.lookupType !== 4) throw new Error(`liga lookup type ${lookup.lookupType} is not modelled`);
    for (const st of lookup.subtables) {
      const firsts = st.coverage.format === 1
        ? st.coverage.glyphs
        : st.coverage.ranges.flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, k) => r.start + k));
      st.ligatureSets.forEach((set, k) => {
        for (const lig of set) out.push([[firsts[k], ...lig.components], lig.ligGlyph]);
      });
    }
  }
  return out;
}

// ---- the table: entries (code points, then ligatures) with advances and kerning classes ---------

function buildEntries(faces, owner) {
  const cps = [...owner.keys()].sort((a, b) => a - b);
  const entries = cps.map((cp) => {
    const { face, glyph } = owner.get(cp);
    return { cp, text: String.fromCodePoint(cp), face, glyph, advance: face.font.glyphs.get(glyph).advanceWidth };
  });
  // A ligature forms only when all its characters come from the face that has it (one shaping run).
  for (const face of faces) {
    const byGlyph = new Map();
    for (const e of entries) if (e.face === face) byGlyph.set(e.glyph, [...(byGlyph.get(e.glyph) ?? []), e.text]);
    for (const [components, glyph] of ligatures(face.font)) {
      let texts = [''];
      for (const g of components) texts = texts.flatMap((t) => (byGlyph.get(g) ?? []).map((c) => t + c));
      for (const text of texts) {
        if (text.length !== components.length) throw new Error('ligature components outside the BMP are not modelled');
        entries.push({ cp: -1, text, face, glyph, advance: face.font.glyphs.get(glyph).advanceWidth });
      }
    }
  }
  return entries;
}

/** Kerning pairs [firstEntry, secondEntry, value]: only within one face, as browsers shape per face. */
function kerningPairs(faces, entries) {
  const pairs = [];
  for (const face of faces) {
    const lookups = kernLookups(face.font);
    if (lookups.length === 0) continue;
    const members = entries.map((e, i) => [e, i]).filter(([e]) => e.face === face && !NEVER_KERNS.has(e.cp));
    for (const [a, i] of members) {
      for (const [b, j] of members) {
        const v = pairKerning(lookups, a.glyph, b.glyph);
        if (v === 0) continue;
        // truncate stops at the first prefix that is too wide: no glyph may make text narrower.
        if (b.advance + v < 0) throw new Error(`kerning ${a.text}${b.text} outweighs an advance`);
        pairs.push([i, j, v]);
      }
    }
  }
  return pairs;
}

/** Groups entries that kern alike into classes (0 = never kerns), like GPOS class kerning but exact. */
function kerningClasses(count, pairs) {
  const firstSig = Array.from({ length: count }, () => []);
  const secondSig = Array.from({ length: count }, () => []);
  for (const [i, j, v] of pairs) {
    firstSig[i].push(`${j}:${v}`);
    secondSig[j].push(`${i}:${v}`);
  }
  const classify = (sigs) => {
    const ids = new Map([['', 0]]);
    return sigs.map((s) => {
      const key = s.join(',');
      if (!ids.has(key)) ids.set(key, ids.size);
      return ids.get(key);
    });
  };
  const first = classify(firstSig);
  const second = classify(secondSig);
  const firstCount = Math.max(0, ...first) + 1;
  const secondCount = Math.max(0, ...second) + 1;
  const cells = new Map();
  for (const [i, j, v] of pairs) {
    const key = first[i] * secondCount + second[j];
    if (cells.has(key) && cells.get(key) !== v) throw new Error('inconsistent kerning classes');
    cells.set(key, v);
  }
  return { first, second, firstCount, secondCount, cells };
}

// ---- encoding ------------------------------------------------------------------------------------

// base64url digits, most significant first; fixed widths keep the decoder a plain loop.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KERN_BIAS = 2048;

function digits(n, width) {
  if (!Number.isInteger(n) || n < 0 || n >= 64 ** width) throw new Error(`${n} does not fit ${width} digits`);
  let s = '';
  for (let k = width - 1; k >= 0; k--) s += DIGITS[Math.floor(n / 64 ** k) % 64];
  return s;
}

/** Runs of consecutive code points: start(3) count(2), then per code point advance(2) first(2) second(2). */
function encodeGlyphs(records) {
  const cps = [...records.keys()].sort((a, b) => a - b);
  let out = '';
  for (let i = 0; i < cps.length; ) {
    let j = i + 1;
    while (j < cps.length && cps[j] === cps[j - 1] + 1 && j - i < 64 ** 2 - 1) j++;
    out += digits(cps[i], 3) + digits(j - i, 2);
    for (let k = i; k < j; k++) {
      const r = records.get(cps[k]);
      out += digits(r.advance, 2) + digits(r.first, 2) + digits(r.second, 2);
    }
    i = j;
  }
  return out;
}

/** For first classes 1..n-1 in order: count(2), then per cell second(2) value+2048(2). */
function encodeKerning({ firstCount, secondCount, cells }) {
  let out = '';
  for (let f = 1; f < firstCount; f++) {
    const row = [];
    for (let s = 0; s < secondCount; s++) {
      const v = cells.get(f * secondCount + s);
      if (v !== undefined) row.push(digits(s, 2) + digits(v + KERN_BIAS, 2));
    }
    out += digits(row.length, 2) + row.join('');
  }
  return out;
}

/** A single-quoted TS string literal (the repo's style). */
function quote(s) {
  return `'${s.replace(/[\\']/g, '\\$&')}'`;
}

function wrap(s, width = 100) {
  const lines = [];
  for (let i = 0; i < s.length; i += width) lines.push(`'${s.slice(i, i + width)}'`);
  return lines.length === 0 ? "''" : lines.join(' +\n  ');
}

// ---- main ------------------------------------------------------------------------------------------

const faces = loadFaces();
// The face tried first (latin) has U+0020, so CSS takes line metrics from it; all faces agree anyway.
const primary = faces[0].font;
const { unitsPerEm } = primary;
const { ascender, descender } = primary.tables.hhea;
for (const { subset, font } of faces) {
  const h = font.tables.hhea;
  if (font.unitsPerEm !== unitsPerEm || h.ascender !== ascender || h.descender !== descender) {
    throw new Error(`${subset}: metrics differ from the other faces`);
  }
}

const owner = assignCodePoints(faces);
const entries = buildEntries(faces, owner);
const classes = kerningClasses(entries.length, kerningPairs(faces, entries));

const records = new Map();
entries.forEach((e, i) => {
  if (e.cp >= 0) records.set(e.cp, { advance: e.advance, first: classes.first[i], second: classes.second[i] });
});
const space = records.get(0x20);
for (const cp of ASCII_WHITESPACE) records.set(cp, space);
for (const [lo, hi] of DEFAULT_IGNORABLE) for (let cp = lo; cp <= hi; cp++) records.set(cp, { advance: 0, first: 0, second: 0 });

const fallback = records.get(REPLACEMENT)?.advance;
if (!space || fallback === undefined || !records.has(ELLIPSIS)) throw new Error('font lacks U+0020, U+2026 or U+FFFD');
const ligatureRows = entries
  .map((e, i) => [e, i])
  .filter(([e]) => e.cp < 0)
  .map(([e, i]) => `  [${quote(e.text)}, ${e.advance}, ${classes.first[i]}, ${classes.second[i]}],`);

const name = (key) => primary.names.windows?.[key]?.en ?? primary.names.unicode?.[key]?.en ?? primary.names.macintosh?.[key]?.en ?? '';
const subsets = [...faces].reverse().map((f) => f.subset).join(', ');
const source = `// Generated by scripts/gen-font-metrics.mjs (pnpm --filter @tbg/layout gen:font). Do not edit.
//
// Font: ${name('fullName')}, ${name('version')}. Licence: ${fontPkg.license}.
// ${name('copyright')}
// Source: ${FONT_PKG}@${fontPkg.version}, all faces of its ${CSS_FILE}, whose unicode-ranges pick the face
// for each character: ${subsets}.
// The renderer must load that same stylesheet.
//
// Decisions, checked against Chromium 156's canvas measureText (Linux): equal to the 1/2048 em for every
// code point the faces have, every kerning pair and thousands of op-like names.
// - Vertical metrics are hhea's (ascender ${ascender}, descender ${descender}, lineGap ${primary.tables.hhea.lineGap}). The font does not
//   set USE_TYPO_METRICS, so browsers on macOS, Linux, Android and ChromeOS take hhea for line height and
//   fontBoundingBox; only Windows takes usWin (${primary.tables.os2.usWinAscent}/${primary.tables.os2.usWinDescent}), 2.4% taller.
// - Kerning and standard ligatures are in: canvas text has fontKerning 'auto' and ligatures on, and
//   browsers then apply GPOS kern and GSUB liga ('AV' is 87 units narrower than A + V, 'fi' 75 than
//   f + i). pixi.js draws Text through that canvas, so the renderer applies them too.
// - fallbackAdvance, for characters no face covers (CJK, emoji, lone surrogates), is U+FFFD's advance:
//   browsers draw U+FFFD for a lone surrogate, and CJK and emoji fallback fonts take about 1 em, so
//   unknown text errs towards truncating rather than overflowing. Roboto's .notdef (${primary.glyphs.get(0).advanceWidth}) is not what
//   browsers draw: they take such characters from other fonts.
// - ASCII whitespace measures as U+0020 and default-ignorable code points as 0, as canvas text does.
//   U+0020 never kerns: Chromium shapes canvas text word by word, split at spaces.
// - Not modelled: ccmp, so a combining mark after a letter without a precomposed form measures 0
//   (Chromium: about 0.1 em); op names are ASCII, so they never have one.
//
// Encoding (base64url digits ${DIGITS.slice(0, 3)}..., most significant first):
// - glyphs: runs of consecutive code points, start(3) count(2), then per code point advance(2) and its
//   kerning classes as first(2) and as second(2) glyph of a pair.
// - kerning: for first classes 1..${classes.firstCount - 1}, count(2) then per cell second class(2), value+${KERN_BIAS}(2).
//   Class 0 never kerns. Pairs exist only within one face: browsers shape each face's run apart.
// - ligatures: [characters, advance, first class, second class], tried in order, first match wins.

export const family = ${quote(name('fontFamily'))};
export const unitsPerEm = ${unitsPerEm};
export const ascender = ${ascender};
export const descender = ${descender};
export const fallbackAdvance = ${fallback};
export const firstClasses = ${classes.firstCount};
export const secondClasses = ${classes.secondCount};

export const glyphs =
  ${wrap(encodeGlyphs(records))};

export const kerning =
  ${wrap(encodeKerning(classes))};

export const ligatures: readonly (readonly [text: string, advance: number, first: number, second: number])[] = [
${ligatureRows.join('\n')}
];
`;

writeFileSync(outFile, source);
console.log(`wrote ${outFile}: ${records.size} code points, ${classes.cells.size} kerning cells, ${ligatureRows.length} ligatures, ${Buffer.byteLength(source)} bytes`);
