/**
 * The render model of an expansion state: which groups are expanded (by name, so the state
 * survives rebuilds of the hierarchy), user inclusion overrides, and a cache of each expanded
 * group's RenderGroup. Expanding or collapsing never invalidates the cache: a group's render
 * depends only on its ancestors, which are expanded whenever it is visible.
 */
import { ancestors, nameOf } from '../hierarchy/build.js';
import { GROUP_META, type Hierarchy, type NodeRef } from '../hierarchy/types.js';
import { bridgeContext } from './bridges.js';
import { buildRenderGroup, type GroupBuildContext } from './build-group.js';
import type { Inclusion, RenderGroup, RenderOptions } from './types.js';

/** Which groups are open: group names, so it carries over to a rebuilt hierarchy. */
export class ExpansionState {
  private readonly open = new Set<string>();

  constructor(names: Iterable<string> = []) {
    for (const n of names) this.open.add(n);
  }

  has(name: string): boolean {
    return this.open.has(name);
  }

  set(name: string, expanded: boolean): void {
    if (expanded) this.open.add(name);
    else this.open.delete(name);
  }

  names(): string[] {
    return [...this.open].sort();
  }
}

export class RenderModel {
  readonly expansion: ExpansionState;
  private readonly cache = new Map<NodeRef, RenderGroup>();
  private readonly orders = new Map<NodeRef, Map<NodeRef, number>>();
  private readonly options: RenderOptions;

  constructor(
    readonly hierarchy: Hierarchy,
    options: Partial<RenderOptions> = {},
    expansion?: ExpansionState,
  ) {
    this.options = {
      autoExtract: options.autoExtract ?? true,
      extractSides: options.extractSides ?? 'role',
      inclusion: options.inclusion ?? new Map<string, Inclusion>(),
    };
    this.expansion = expansion ?? new ExpansionState();
    // The edge index bridges need (≈10 ms at 100k ops, shared per hierarchy): built with the
    // root so that the first click on a big group does not pay for it.
    bridgeContext(hierarchy);
  }

  get root(): NodeRef {
    return this.hierarchy.n;
  }

  /** A new model over another hierarchy (e.g. after stats or a series toggle), keeping the expansion state. */
  rebuild(hierarchy: Hierarchy, options: Partial<RenderOptions> = {}): RenderModel {
    return new RenderModel(hierarchy, { ...this.options, ...options }, this.expansion);
  }

  isExpanded(ref: NodeRef): boolean {
    return ref === this.root || (ref >= this.hierarchy.n && this.expansion.has(nameOf(this.hierarchy, ref)));
  }

  /** Expands a group and every ancestor, so it becomes visible. */
  expand(ref: NodeRef): void {
    const h = this.hierarchy;
    if (ref < h.n) return;
    for (const a of [ref, ...ancestors(h, ref)]) if (a !== this.root) this.expansion.set(nameOf(h, a), true);
  }

  collapse(ref: NodeRef): void {
    if (ref !== this.root) this.expansion.set(nameOf(this.hierarchy, ref), false);
  }

  /** The render of an expanded group (built on first request, then cached). */
  group(ref: NodeRef): RenderGroup {
    const hit = this.cache.get(ref);
    if (hit) return hit;
    const h = this.hierarchy;
    // Ancestors first (bridges continue their edges), iteratively from the top.
    const chain = [ref, ...ancestors(h, ref)].reverse();
    const ctx: GroupBuildContext = {
      bridges: () => bridgeContext(h),
      renderOf: (r) => this.cache.get(r)!,
      topologicalOrder: (r) => this.topologicalOrder(r),
    };
    for (const r of chain) {
      if (!this.cache.has(r)) this.cache.set(r, buildRenderGroup(h, r, this.options, ctx));
    }
    return this.cache.get(ref)!;
  }

  /** Expanded groups visible from the root, parents before children. */
  visibleGroups(): NodeRef[] {
    const h = this.hierarchy;
    const out: NodeRef[] = [];
    const stack: NodeRef[] = [this.root];
    while (stack.length) {
      const r = stack.pop()!;
      out.push(r);
      const rg = this.group(r);
      const kids = [...rg.core, ...rg.inExtract, ...rg.outExtract, ...rg.library];
      for (let i = kids.length - 1; i >= 0; i--) {
        const c = kids[i]!;
        if (c >= h.n && this.isExpanded(c)) stack.push(c);
      }
    }
    return out;
  }

  /**
   * TensorBoard's `getTopologicalOrdering`: BFS from the sources over data metaedges of a group,
   * used to tell backwards control edges.
   */
  topologicalOrder(ref: NodeRef): Map<NodeRef, number> {
    let order = this.orders.get(ref);
    if (order) return order;
    const h = this.hierarchy;
    const g = h.groups[ref - h.n]!;
    const me = h.metaedges;
    // As TensorBoard does it: sources are nodes with data successors and no data predecessors; a
    // node reached again takes the later index; a node's successors are followed once.
    const succ = new Map<NodeRef, NodeRef[]>();
    const hasPred = new Set<NodeRef>();
    for (let k = me.groupMetaStart[g.id]!; k < me.groupMetaStart[g.id + 1]!; k++) {
      const m = me.groupMetaList[k]!;
      if (!me.numRegular[m]) continue;
      let l = succ.get(me.v[m]!);
      if (!l) succ.set(me.v[m]!, (l = []));
      l.push(me.w[m]!);
      hasPred.add(me.w[m]!);
    }
    order = new Map();
    const queue = [...succ.keys()].filter((c) => !hasPred.has(c));
    let next = 0;
    for (let q = 0; q < queue.length; q++) {
      const c = queue[q]!;
      order.set(c, next++);
      const s = succ.get(c);
      if (!s) continue;
      succ.delete(c);
      for (const x of s) queue.push(x);
    }
    this.orders.set(ref, order);
    return order;
  }

  /** Groups that can be expanded (metanodes and series). */
  isGroup(ref: NodeRef): boolean {
    return ref >= this.hierarchy.n;
  }

  isMeta(ref: NodeRef): boolean {
    return ref >= this.hierarchy.n && this.hierarchy.groups[ref - this.hierarchy.n]!.kind === GROUP_META;
  }
}
