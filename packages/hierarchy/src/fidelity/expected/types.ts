/**
 * Shapes of the fidelity expectations: what TensorBoard builds for a fixture, derived from
 * ../shared/docs/tensorboard-graph.md (§4–§7, §14) and the fixture files, NOT from our code.
 *
 * Everything is written in the vocabulary of hierarchy-dump.md: names as TensorBoard names them,
 * annotation labels `S:` (shortcut), `C:` (constant in-embedding), `U:` (summary out-embedding),
 * `E:` (`... N more` ellipsis). Lists are compared sorted, so order in these files is irrelevant.
 */

export interface ExpectedGraphCounts {
  rawNodes: number;
  opNodes: number;
  baseEdges: number;
  controlBaseEdges: number;
  refBaseEdges: number;
  missingNodes: number;
}

export interface ExpectedMetanode {
  name: string;
  depth: number;
  cardinality: number;
  children: string[];
  opHistogram?: Record<string, number>;
}

export interface ExpectedSeries {
  name: string;
  parent: string;
  op: string;
  count: number;
  connected: boolean;
  members: string[];
}

/** A run of a numeric-suffix series that is too short (< 5) to be grouped (§5.2 step 4). */
export interface ExpectedUngroupedRun {
  /** The name the series would have had. */
  name: string;
  parent: string;
  members: string[];
}

export interface ExpectedAnnotations {
  in: string[];
  out: string[];
}

export interface ExpectedGroupRender {
  core: string[];
  inExtract: string[];
  outExtract: string[];
  library: string[];
  /** Every child with a non-empty annotation list (children without annotations are omitted). */
  annotations: Record<string, ExpectedAnnotations>;
}

/** For big series groups: the core, and the annotations of a few members only. */
export interface ExpectedPartialGroupRender {
  core: string[];
  inExtract: string[];
  outExtract: string[];
  library: string[];
  /** Only these children are checked (an empty `{in: [], out: []}` means "no annotations"). */
  someAnnotations: Record<string, ExpectedAnnotations>;
}

/** A folder of ../shared/fixtures. */
export type FixtureDir = 'graphs' | 'tfjs-graphs' | 'events';

/**
 * An input that names no node and is not drawn (PyTorch graphs; README "where we differ"):
 * TensorBoard drops it silently, we list it with the ops that read it.
 */
export interface ExpectedDroppedInput {
  name: string;
  consumers: string[];
}

export interface FixtureExpectation {
  /** File name under fixtures/`dir`. */
  file: string;
  /** Fixture folder (default `graphs`). */
  dir?: FixtureDir;
  /** An event file: read through @tbg/events' `eventGraphReader` (the last graph event wins, §2.1). */
  events?: boolean;
  graph: ExpectedGraphCounts;
  /** Every dropped input, when given (none given: the dump must list none). */
  droppedInputs?: ExpectedDroppedInput[];
  /** Every metanode (root included) when `allMetanodes`; otherwise a selection. */
  metanodes: ExpectedMetanode[];
  allMetanodes: boolean;
  /** Every grouped series. */
  series: ExpectedSeries[];
  ungroupedRuns: ExpectedUngroupedRun[];
  /** Op → parent group; the whole map when `allOpParents`. */
  opParent: Record<string, string>;
  allOpParents: boolean;
  /** Clusters (sorted) that must appear exactly as one template cluster each. */
  templateClusters: string[][];
  /** When true, the multi-member clusters of the dump must be exactly `templateClusters`. */
  allTemplateClusters: boolean;
  /** Render of expanded groups (§7). `allGroups`: the dump has exactly these groups. */
  render: Record<string, ExpectedGroupRender>;
  partialRender: Record<string, ExpectedPartialGroupRender>;
  allGroups: boolean;
}

/** `seq('a/Add_', 1, 3)` → `['a/Add_1', 'a/Add_2', 'a/Add_3']`. */
export function seq(prefix: string, first: number, last: number, suffix = ''): string[] {
  const out: string[] = [];
  for (let i = first; i <= last; i++) out.push(`${prefix}${i}${suffix}`);
  return out;
}

/**
 * Partial expectations for the larger fixtures (too big to write out whole): counts, the root's
 * metanodes, the number of series and a few in full, some parents, and the root's render. Derived
 * from the spec and the NodeDefs the same way, and checked against the fixture files.
 */
export interface PartialFixtureExpectation {
  /** Fixture folder under ../shared/fixtures and file name. */
  dir: FixtureDir;
  file: string;
  /** An event file: read through @tbg/events' `eventGraphReader` (the last graph event wins, §2.1). */
  events?: boolean;
  graph: ExpectedGraphCounts;
  root: { depth: number; cardinality: number; children: number };
  /** Every metanode directly under the root (function-library metanodes included). */
  topMetanodes: Record<string, { cardinality: number; depth: number }>;
  /** The number of grouped series, and some of them in full. */
  seriesCount: number;
  someSeries: ExpectedSeries[];
  ungroupedRuns: ExpectedUngroupedRun[];
  /** Some ops → their parent group. */
  opParent: Record<string, string>;
  /** The root's render: the auxiliary areas and library in full, the core by size and some members. */
  rootRender: { inExtract: string[]; outExtract: string[]; library: string[]; coreSize: number; someCore: string[] };
}
