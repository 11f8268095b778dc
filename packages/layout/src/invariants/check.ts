/**
 * Geometry invariants: what must hold for any graph, checked on real fixtures and generated
 * graphs in tests and reported by `tbg layout`:
 * - sibling nodes do not overlap;
 * - every node lies inside its parent (expanded group or section);
 * - every edge starts and ends on its endpoints' outlines (shapes of collapsed nodes, borders
 *   of expanded ones, or its group's border for bridge edges), and stays inside its group;
 * - annotations do not overlap their node's shape;
 * - no edge crosses an annotation (glyph or label) of its own endpoints;
 * - every bridge edge continues outside its group: its end on the border is the end of an
 *   edge of the enclosing group at this group (so the drawn path is continuous);
 * - no edge, as drawn (stroke and arrowhead), crosses the title of an expanded group;
 * - no label runs under its node's expand button;
 * - every arrowhead touches its target: tip on the outline, at the end of a straight run at
 *   least as long as the arrowhead, pointing into the target, covering the stroke's end.
 */
import type { Geometry } from '../geometry/types.js';
import { annotationCrossings } from './annotation-crossings.js';
import { checkArrowheads } from './arrowhead-rules.js';
import { checkButtonLabels } from './button-rules.js';
import { checkBridges, checkEdges } from './edge-rules.js';
import { checkLabelCrossings } from './label-rules.js';
import { checkAnnotationOverlap, checkNodes } from './node-rules.js';
import { Reporter, type InvariantOptions, type InvariantReport } from './report.js';
import { roboto } from '../text/roboto.js';

export type { InvariantOptions, InvariantReport, Violation } from './report.js';

export function checkInvariants(g: Geometry, options: Partial<InvariantOptions> = {}): InvariantReport {
  const tol = options.tolerance ?? 0.5;
  const r = new Reporter(g, options.maxViolations ?? 50);
  checkNodes(g, tol, r);
  checkEdges(g, r);
  checkAnnotationOverlap(g, tol, r);
  checkBridges(g, r);
  const an = g.annotations;
  for (const c of annotationCrossings(g, { ...options, scope: 'endpoints', tolerance: tol })) {
    r.report('edge-crosses-annotation', `${r.edge(c.edge)} crosses the ${c.part} of annotation ${an.label[c.annotation]} of ${r.name(an.host[c.annotation]!)}`);
  }
  checkLabelCrossings(g, options.measurer ?? roboto, tol, r);
  checkButtonLabels(g, options.measurer ?? roboto, tol, r);
  checkArrowheads(g, tol, r);
  return r.result();
}
