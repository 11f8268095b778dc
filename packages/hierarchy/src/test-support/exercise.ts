/**
 * Test helper: runs everything built on a hierarchy — `dumpHierarchy`, the RenderModel with every
 * group expanded, templates and search — and checks what must hold for any input. Violations
 * are collected (not thrown) so that a test can assert them all at once, next to its own checks.
 */
import { isDeepStrictEqual } from 'node:util';
import { dumpHierarchy, type HierarchyDump } from '../dump/dump.js';
import { HierarchyError } from '../errors.js';
import { nameOf, ROOT_NAME } from '../hierarchy/build.js';
import { GROUP_META, GROUP_SERIES, type Hierarchy, type NodeRef } from '../hierarchy/types.js';
import { RenderModel } from '../render/render-model.js';
import type { RenderGroup } from '../render/types.js';
import { GraphSearch } from '../search/search.js';
import { computeTemplates, type Templates } from '../templates/templates.js';

export interface Exercised {
  dump: HierarchyDump;
  model: RenderModel;
  /** The render of every group (all expanded), by NodeRef. */
  renders: Map<NodeRef, RenderGroup>;
  templates: Templates;
  search: GraphSearch;
  /** Everything that broke a general rule (empty when all is well). */
  problems: string[];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const sorted = (xs: string[]) => xs.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * `bytes`, when given, is the encoded graph `h` was built from: the dump is then also taken from
 * the bytes (the path the CLI uses) and must equal the dump of the hierarchy.
 */
export function exercise(h: Hierarchy, bytes?: Uint8Array): Exercised {
  const problems: string[] = [];
  const check = (ok: boolean, what: () => string) => {
    if (!ok && problems.length < 30) problems.push(what());
  };
  const n = h.n;
  const allGroups = h.groups.map((g) => n + g.id);

  // Names are unique across ops and groups (the dump, search and expansion state key on them).
  const seenNames = new Set<string>();
  for (let r = 0; r < n + h.groups.length; r++) {
    const nm = nameOf(h, r);
    check(nm.length > 0, () => `NodeRef ${r} has an empty name`);
    check(!seenNames.has(nm), () => `name ${JSON.stringify(nm)} is used twice`);
    seenNames.add(nm);
  }

  // 1. The dump: JSON-safe, one entry per metanode, series, op and expanded group.
  const dump = dumpHierarchy(h);
  // JSON-safe: parsing its JSON gives the dump back (no undefined, NaN, Infinity, Map, typed array…).
  check(isDeepStrictEqual(JSON.parse(JSON.stringify(dump)), dump), () => 'the dump does not survive JSON');
  if (bytes) check(JSON.stringify(dumpHierarchy(bytes)) === JSON.stringify(dump), () => 'the dump of the bytes differs from the dump of the hierarchy');
  const metaNames = h.groups.filter((g) => g.kind === GROUP_META).map((g) => g.name);
  const seriesNames = h.groups.filter((g) => g.kind === GROUP_SERIES).map((g) => g.name);
  check(JSON.stringify(dump.metanodes.map((m) => m.name)) === JSON.stringify(sorted(metaNames)), () => 'dump.metanodes are not the metanodes');
  check(JSON.stringify(dump.series.map((s) => s.name)) === JSON.stringify(sorted(seriesNames)), () => 'dump.series are not the series');
  check(Object.keys(dump.opParent).length === n, () => `dump.opParent has ${Object.keys(dump.opParent).length} of ${n} ops`);
  check(dump.graph.opNodes + dump.graph.missingNodes === n, () => 'opNodes + missingNodes ≠ n');
  check(dump.graph.baseEdges === h.graph.edgeCount, () => 'dump.graph.baseEdges');
  // Dropped inputs: listed only when there are some, each read by real op nodes or embeddings.
  check((dump.droppedInputs?.length ?? 0) === h.graph.droppedInputs.length && dump.droppedInputs?.length !== 0, () => 'dump.droppedInputs');
  for (const d of h.graph.droppedInputs) {
    const readers = d.consumers.length + d.embeddingConsumers.length;
    check(readers > 0 && d.consumers.every((i) => i >= 0 && i < n) && d.embeddingConsumers.every((e) => e >= 0 && e < h.graph.embeddings.count), () => `dropped input ${d.name}: readers`);
  }
  const renderKeys = sorted(Object.keys(dump.render.groups));
  check(JSON.stringify(renderKeys) === JSON.stringify(sorted(h.groups.map((g) => (g.id === 0 ? ROOT_NAME : g.name)))), () => 'dump.render does not expand every group');
  for (const m of dump.metanodes) {
    const total = Object.values(m.opHistogram).reduce((a, b) => a + b, 0);
    check(total === m.cardinality, () => `${m.name}: op histogram sums to ${total}, cardinality ${m.cardinality}`);
  }

  // 2. The render model, every group expanded.
  const model = new RenderModel(h);
  for (const r of allGroups) model.expand(r);
  const visible = model.visibleGroups();
  check(JSON.stringify(visible.slice().sort((a, b) => a - b)) === JSON.stringify(allGroups), () => `visibleGroups lists ${visible.length} of ${allGroups.length} groups`);
  const renders = new Map<NodeRef, RenderGroup>();
  for (const r of allGroups) {
    const rg = model.group(r);
    renders.set(r, rg);
    const g = h.groups[r - n]!;
    const placed = [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library].sort((a, b) => a - b);
    check(JSON.stringify(placed) === JSON.stringify(g.children.slice().sort((a, b) => a - b)), () => `${g.name}: core + extracts + library are not its children`);
    const core = new Set(rg.core);
    for (const e of rg.edges) check(core.has(e.v) && core.has(e.w) && e.v !== e.w, () => `${g.name}: edge ${nameOf(h, e.v)} → ${nameOf(h, e.w)} leaves the core`);
    for (const [c, a] of rg.annotations) {
      for (const list of [a.in, a.out]) {
        check(list.length <= 6, () => `${nameOf(h, c)}: ${list.length} annotations`);
        list.forEach((x, i) => {
          check((x.type === 'ellipsis') === (i === 5), () => `${nameOf(h, c)}: ellipsis at ${i}`);
          if (x.type === 'shortcut') check(x.target >= 0 && x.target < n + h.groups.length && x.target !== c, () => `${nameOf(h, c)}: shortcut to ${x.target}`);
        });
      }
    }
    for (const b of rg.bridges) check(g.children.includes(b.child) && b.baseEdges.length > 0, () => `${g.name}: bad bridge`);
  }

  // 3. Templates: one entry per group; clusters of metanodes (not the root), each consistent.
  const templates = computeTemplates(h);
  check(templates.templateOf.length === h.groups.length, () => 'templateOf length');
  templates.clusters.forEach((c, id) => {
    check(c.groups.length > 1 || h.groups[c.groups[0]!]!.associatedFunction >= 0, () => `template ${id} has one member`);
    for (const gid of c.groups) check(gid !== 0 && h.groups[gid]!.kind === GROUP_META && templates.templateOf[gid] === id, () => `template ${id}: member ${gid}`);
  });
  check(templates.templateOf[0] === -1, () => 'the root has a template');

  // 4. Search: every op and group is found by its exact (escaped) name, ranked as a full match;
  // an invalid regex is searched as text, or throws the package's typed error.
  const search = new GraphSearch(h);
  const limitNames = Math.min(n + h.groups.length, 300);
  for (let r = 0; r < limitNames; r++) {
    if (r === n) continue; // the root is not searchable
    const nm = nameOf(h, r);
    const res = search.search(new RegExp(`^${escapeRegex(nm)}$`), { fields: ['name'], limit: 5 });
    check(res.matches.some((m) => m.ref === r && m.name === nm && m.score === 8), () => `search does not find ${JSON.stringify(nm)}`);
  }
  const bad = search.search('([', { fields: ['name'] });
  check(bad.regexError !== undefined && bad.regex !== null, () => 'an invalid regex is not searched as text');
  let threw: unknown = null;
  try {
    search.search('([', { invalidRegex: 'throw' });
  } catch (e) {
    threw = e;
  }
  check(threw instanceof HierarchyError, () => 'an invalid regex with invalidRegex: throw does not throw a HierarchyError');
  const everything = search.search('.', { fields: ['name'], limit: 0 });
  check(everything.total === n + h.groups.length - 1 + h.graph.embeddings.count, () => `search '.' counts ${everything.total}`);

  return { dump, model, renders, templates, search, problems };
}
