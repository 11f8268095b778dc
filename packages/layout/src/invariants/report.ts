/** The report of the invariant checks: violations listed up to a limit, counted beyond it. */
import type { Geometry } from '../geometry/types.js';
import type { TextMeasurer } from '../text/measurer.js';

export interface InvariantOptions {
  /** Slack in px for floating point (the geometry is Float32). */
  tolerance: number;
  maxViolations: number;
  /** Measures annotation labels (the layout's measurer; the geometry keeps their text, not their width). */
  measurer: TextMeasurer;
  /** Font size of annotation labels (toSVG draws them at 5 px). */
  annotationLabelPx: number;
}

export interface Violation {
  rule:
    | 'sibling-overlap'
    | 'outside-parent'
    | 'edge-endpoint'
    | 'edge-outside-group'
    | 'annotation-overlap'
    | 'edge-crosses-annotation'
    | 'bridge-continuity'
    | 'edge-crosses-label'
    | 'label-under-button'
    | 'arrowhead-off-target';
  message: string;
}

export interface InvariantReport {
  ok: boolean;
  violations: Violation[];
  /** Violations found beyond `maxViolations` are counted, not listed. */
  more: number;
}

/** Collects the violations of one geometry, and names its nodes and edges in their messages. */
export class Reporter {
  readonly violations: Violation[] = [];
  more = 0;

  constructor(
    private readonly g: Geometry,
    private readonly max: number,
  ) {}

  report(rule: Violation['rule'], message: string): void {
    if (this.violations.length < this.max) this.violations.push({ rule, message });
    else this.more++;
  }

  /** Node i by its label (or index); −1 is a group's border. */
  name(i: number): string {
    return i < 0 ? 'border' : this.g.nodes.label[i] || `#${i}`;
  }

  /** Edge k and its endpoints. */
  edge(k: number): string {
    const e = this.g.edges;
    return `edge ${k} (${this.name(e.v[k]!)} → ${this.name(e.w[k]!)})`;
  }

  result(): InvariantReport {
    return { ok: this.violations.length === 0 && this.more === 0, violations: this.violations, more: this.more };
  }
}
