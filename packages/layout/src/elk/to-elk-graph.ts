import type { ElkExtendedEdge, ElkNode, ElkPort, LayoutOptions } from 'elkjs/lib/elk-api.js';
import { edgeId, nodeId, portId } from './elk-ids.js';
import { edgeCount, nodeCount, PortSideCode, TaskNodeKindCode, type Direction, type ElkTask } from './task.js';

/** Id of the root node of every graph we hand to ELK. */
const ROOT_ID = 'root';

/** ELK port side of a port's side (as `ElkTask.portSide` stores it) for a flow direction. */
function portSideName(direction: Direction, side: PortSideCode): 'SOUTH' | 'NORTH' | 'WEST' | 'EAST' {
  if (direction === 'UP') return side === PortSideCode.in ? 'SOUTH' : 'NORTH';
  return side === PortSideCode.in ? 'WEST' : 'EAST';
}

// Spellings ELK accepts for the two root options the task fixes itself; dropped from
// task.options so that ELK never sees two conflicting values for one option.
const OVERRIDDEN = new Set(['direction', 'elk.direction', 'org.eclipse.elk.direction', 'padding', 'elk.padding', 'org.eclipse.elk.padding']);

/**
 * ELK JSON for a task: one flat graph, every node a child of the root, every edge in the root.
 * Ports are 0×0 so that ELK keeps FIXED_POS positions exactly and edges attach exactly at
 * them: with a 1×1 port ELK shifts NORTH ports to y = −1 and anchors edges at the port's center.
 */
export function toElkGraph(task: ElkTask): ElkNode {
  const layoutOptions: LayoutOptions = {};
  for (const [key, value] of Object.entries(task.options)) if (!OVERRIDDEN.has(key)) layoutOptions[key] = value;
  layoutOptions['elk.direction'] = task.direction;
  layoutOptions['elk.padding'] = '[top=0,left=0,bottom=0,right=0]';

  const children: ElkNode[] = [];
  for (let i = 0; i < nodeCount(task); i++) children.push(toElkNode(task, i));

  const edges: ElkExtendedEdge[] = [];
  for (let e = 0; e < edgeCount(task); e++) {
    const [sn, sp, tn, tp] = [task.edges[4 * e]!, task.edges[4 * e + 1]!, task.edges[4 * e + 2]!, task.edges[4 * e + 3]!];
    edges.push({ id: edgeId(e), sources: [sp >= 0 ? portId(sp) : nodeId(sn)], targets: [tp >= 0 ? portId(tp) : nodeId(tn)] });
  }
  return { id: ROOT_ID, layoutOptions, children, edges };
}

function toElkNode(task: ElkTask, i: number): ElkNode {
  const node: ElkNode = { id: nodeId(i), width: task.nodeSize[2 * i]!, height: task.nodeSize[2 * i + 1]! };
  const options: LayoutOptions = {};
  const kind = task.nodeKind[i];
  if (kind === TaskNodeKindCode.stubIn) options['elk.layered.layering.layerConstraint'] = 'FIRST';
  else if (kind === TaskNodeKindCode.stubOut) options['elk.layered.layering.layerConstraint'] = 'LAST';

  const first = task.portStart[i]!;
  const end = task.portStart[i + 1]!;
  if (end > first) {
    options['elk.portConstraints'] = 'FIXED_POS';
    const ports: ElkPort[] = [];
    for (let p = first; p < end; p++) {
      ports.push({
        id: portId(p),
        x: task.portXY[2 * p]!,
        y: task.portXY[2 * p + 1]!,
        width: 0,
        height: 0,
        layoutOptions: { 'elk.port.side': portSideName(task.direction, task.portSide[p]! as PortSideCode) },
      });
    }
    node.ports = ports;
  }
  if (Object.keys(options).length > 0) node.layoutOptions = options;
  return node;
}
