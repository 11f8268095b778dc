/**
 * Reads the two attrs the graph model needs for every node — `_output_shapes` and
 * `_XlaCluster` — straight from their serialized AttrValue bytes, without protobuf objects.
 * Malformed bytes give "unknown" rather than an error: these attrs only decorate the graph.
 */
import { WireReader } from '@tbg/proto';

const decoder = new TextDecoder();

/** `AttrValue.s` as a string, or null. */
export function attrString(buf: Uint8Array, start: number, end: number): string | null {
  try {
    const r = new WireReader(buf, start, end);
    while (r.pos < end) {
      const tag = r.tag();
      if (tag === 0x12) {
        const e = r.lenEnd();
        return decoder.decode(buf.subarray(r.pos, e));
      }
      r.skip(tag & 7, tag >>> 3);
    }
  } catch {
    /* malformed: treat as absent */
  }
  return null;
}

/** Collects output shapes as flat columns (no array per shape). */
export class ShapeWriter {
  slots = 0;
  private dimStart = new Uint32Array(1024);
  private unknown = new Uint8Array(1024);
  private dims = new Float64Array(4096);
  private nDims = 0;

  beginSlot(unknownRank: boolean): void {
    if (this.slots + 1 >= this.dimStart.length) {
      const a = new Uint32Array(this.dimStart.length * 2);
      a.set(this.dimStart);
      this.dimStart = a;
      const u = new Uint8Array(this.unknown.length * 2);
      u.set(this.unknown);
      this.unknown = u;
    }
    this.dimStart[this.slots] = this.nDims;
    this.unknown[this.slots] = unknownRank ? 1 : 0;
    this.slots++;
  }

  unknownNow(): boolean {
    return this.unknown[this.slots - 1] === 1;
  }

  markUnknown(): void {
    this.unknown[this.slots - 1] = 1;
    this.nDims = this.dimStart[this.slots - 1]!;
  }

  dim(d: number): void {
    if (this.nDims === this.dims.length) {
      const a = new Float64Array(this.dims.length * 2);
      a.set(this.dims);
      this.dims = a;
    }
    this.dims[this.nDims++] = d;
  }

  done(shapeStart: Uint32Array): { shapeStart: Uint32Array; dimStart: Uint32Array; dims: Float64Array; unknown: Uint8Array; any: boolean } {
    const dimStart = this.dimStart.slice(0, this.slots + 1);
    dimStart[this.slots] = this.nDims;
    return { shapeStart, dimStart, dims: this.dims.slice(0, this.nDims), unknown: this.unknown.slice(0, this.slots), any: this.slots > 0 };
  }
}

/**
 * `AttrValue.list.shape` into `out`, one slot per shape: dims (−1 for unknown), or an unknown
 * rank. Malformed bytes end the list early.
 */
export function readShapeList(buf: Uint8Array, start: number, end: number, out: ShapeWriter): void {
  try {
    const r = new WireReader(buf, start, end);
    while (r.pos < end) {
      const tag = r.tag();
      if (tag !== 0x0a) {
        r.skip(tag & 7, tag >>> 3);
        continue;
      }
      const listEnd = r.lenEnd();
      r.end = listEnd;
      while (r.pos < listEnd) {
        const t = r.tag();
        if (t !== 0x3a) {
          r.skip(t & 7, t >>> 3);
          continue;
        }
        const shapeEnd = r.lenEnd();
        r.end = shapeEnd;
        out.beginSlot(false);
        while (r.pos < shapeEnd) {
          const st = r.tag();
          if (st === 0x18) {
            if (r.varint() !== 0) out.markUnknown();
          } else if (st === 0x12) {
            const dimEnd = r.lenEnd();
            r.end = dimEnd;
            let size = 0;
            while (r.pos < dimEnd) {
              const dt = r.tag();
              if (dt === 0x08) size = r.int64();
              else r.skip(dt & 7, dt >>> 3);
            }
            r.end = shapeEnd;
            if (!out.unknownNow()) out.dim(size);
          } else r.skip(st & 7, st >>> 3);
        }
        r.end = listEnd;
      }
      r.end = end;
    }
  } catch {
    /* malformed: keep what was read */
  }
}
