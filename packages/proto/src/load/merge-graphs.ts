/**
 * Merges several GraphDefs into one (TF2 traces hold one graph per function), the way
 * TensorBoard's merge_graph_defs does, with its two bugs fixed: control inputs keep their `^`
 * (`^graph_1/x`, not `graph_1/^x`), and every reference to a renamed library function is
 * renamed (StatefulPartitionedCall and direct calls, not only PartitionedCall).
 */
import { tensorflow } from '../gen/tf.js';

// Copies go through the wire format: the lean build of this package (no JSON conversions) has it too.

export function mergeGraphDefs(graphs: tensorflow.GraphDef[], warnings: string[] = []): tensorflow.GraphDef {
  if (graphs.length === 0) return new tensorflow.GraphDef();
  if (graphs.length === 1) return graphs[0]!;
  const merged = new tensorflow.GraphDef();
  const producers = new Set(graphs.map((g) => g.versions?.producer ?? 0));
  if (producers.size > 1) warnings.push(`merging graphs with different producer versions: ${[...producers].join(', ')}`);
  merged.versions = graphs[0]!.versions ?? null;
  const library = new tensorflow.FunctionDefLibrary();
  graphs.forEach((g, idx) => {
    const prefix = `graph_${idx + 1}`;
    const fnNames = new Set((g.library?.function ?? []).map((f) => f.signature?.name ?? ''));
    const renameFn = (name: string) => (fnNames.has(name) ? `${prefix}_${name}` : name);
    const renameNode = (node: tensorflow.NodeDef, scope: string | null): tensorflow.NodeDef => {
      const n = tensorflow.NodeDef.decode(tensorflow.NodeDef.encode(node).finish());
      if (scope !== null) {
        n.name = `${scope}/${n.name}`;
        n.input = n.input.map((i) => (i.startsWith('^') ? `^${scope}/${i.slice(1)}` : `${scope}/${i}`));
      }
      n.op = renameFn(n.op);
      for (const v of Object.values(n.attr)) {
        if (v.func?.name) v.func.name = renameFn(v.func.name);
        for (const f of v.list?.func ?? []) if (f.name) f.name = renameFn(f.name);
      }
      return n;
    };
    for (const node of g.node) merged.node.push(renameNode(node, prefix));
    for (const f of g.library?.function ?? []) {
      const copy = tensorflow.FunctionDef.decode(tensorflow.FunctionDef.encode(f).finish());
      if (copy.signature) copy.signature.name = renameFn(copy.signature.name);
      // Body nodes keep their names (they are scoped by the function) but may call other functions.
      copy.node_def = copy.node_def.map((n) => renameNode(n, null)) as typeof copy.node_def;
      library.function.push(copy);
    }
    for (const gr of g.library?.gradient ?? []) {
      library.gradient.push(new tensorflow.GradientDef({ function_name: renameFn(gr.function_name), gradient_func: renameFn(gr.gradient_func) }));
    }
  });
  if (library.function.length || library.gradient.length) merged.library = library;
  return merged;
}
