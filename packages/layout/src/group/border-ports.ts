/**
 * Step 4 of a group's layout: the ports on its border where its bridge edges cross it, one per
 * stub of its core graph, plus the default in and out ports.
 */
import type { LgLayout } from '../compound/layout-graph.js';
import { clamp } from '../geometry/clamp.js';
import type { CoreGraph } from './core-graph.js';
import type { GroupFrame } from './group-frame.js';
import { DEFAULT_IN_PORT, DEFAULT_OUT_PORT, type BorderPort } from './types.js';

/** The border ports: where each stub's edges cross the border, plus the default in and out ports. */
export function borderPorts(cg: CoreGraph, lg: LgLayout, frame: GroupFrame, up: boolean): Map<string, BorderPort> {
  const { coreX, coreY, width, height } = frame;
  const ports = new Map<string, BorderPort>();
  cg.stubKeys.forEach((key, k) => {
    const s = cg.core.length + k;
    const inbound = key.startsWith('i');
    ports.set(key, borderPoint(up, width, height, inbound, coreX + lg.nodeXY[2 * s]! + 1, coreY + lg.nodeXY[2 * s + 1]! + 1));
  });
  ports.set(DEFAULT_IN_PORT, borderPoint(up, width, height, true, width / 2, height / 2));
  ports.set(DEFAULT_OUT_PORT, borderPoint(up, width, height, false, width / 2, height / 2));
  return ports;
}

/** The point of a width × height border closest to (sx, sy) on its in-side (bottom for UP, left for RIGHT) or out-side. */
function borderPoint(up: boolean, width: number, height: number, inbound: boolean, sx: number, sy: number): BorderPort {
  return up
    ? { x: clamp(sx, 0, width), y: inbound ? height : 0, side: inbound ? 'in' : 'out' }
    : { x: inbound ? 0 : width, y: clamp(sy, 0, height), side: inbound ? 'in' : 'out' };
}
