/**
 * Layouts go from the view worker to the renderer directly, through a MessageChannel the page
 * sets up: the geometry and its paints (tens of MB at 100k nodes, and a second-long task to
 * receive on the page) never reach the page's thread. The page gets a `ShippedLayout` in their
 * place — the layout's number and size — and shows it by number.
 */
import type { Geometry } from '@tbg/layout';
import type { Covers } from '../render/fit-view.js';
import type { PaintSet } from '../render/render-types.js';

/** page → view worker and page → renderer: their ends of the channel. */
export interface LayoutPortMessage {
  kind: 'tbg-layout-port';
  port: MessagePort;
}

/** view worker → renderer, on the channel. */
export interface LayoutDelivery {
  kind: 'layout';
  shipped: number;
  geometry: Geometry;
  paints: PaintSet;
}

/** What the page holds of a layout the renderer got directly. */
export interface ShippedLayout {
  shipped: number;
  width: number;
  height: number;
  nodes: number;
  /** The view worker painted it on the preview canvas (preview-protocol.ts) before sending this. */
  previewed: boolean;
  /** What the preview's fit kept clear of (the legend estimated): the page's first fit uses the same. */
  previewCovers?: Covers;
}

export function isLayoutPortMessage(data: unknown): data is LayoutPortMessage {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'tbg-layout-port';
}

export function isShippedLayout(data: unknown): data is ShippedLayout {
  return typeof data === 'object' && data !== null && typeof (data as { shipped?: unknown }).shipped === 'number';
}

/**
 * The renderer's end: keeps what arrives until it is shown (only layouts newer than the last
 * shown are kept), and hands each out by number, waiting for it if the page asked first.
 */
export class LayoutInbox {
  private readonly arrived = new Map<number, LayoutDelivery>();
  private readonly waiting = new Map<number, (d: LayoutDelivery) => void>();

  constructor(port: MessagePort) {
    port.onmessage = (e: MessageEvent<LayoutDelivery>) => this.receive(e.data);
  }

  private receive(d: LayoutDelivery): void {
    const w = this.waiting.get(d.shipped);
    if (w) {
      this.waiting.delete(d.shipped);
      w(d);
    } else this.arrived.set(d.shipped, d);
  }

  take(shipped: number): Promise<LayoutDelivery> {
    for (const k of this.arrived.keys()) if (k < shipped) this.arrived.delete(k);
    const d = this.arrived.get(shipped);
    if (d) {
      this.arrived.delete(shipped);
      return Promise.resolve(d);
    }
    return new Promise((resolve) => this.waiting.set(shipped, resolve));
  }
}
