/**
 * Where the text parser (parse.ts) puts what it reads: message objects (object-sink.ts) or
 * wire bytes (wire-sink.ts). The parser owns the grammar and its checks; a sink only stores.
 */
import type Long from 'long';
import type { FieldPlan, MessagePlan } from './plan.js';
import type { Tokenizer } from './tokenizer.js';

/** A scalar as the parser reads it: numbers, enums and bools; 64-bit integers as Long; map keys as strings. */
export type ScalarValue = number | boolean | string | Long;

export interface PbtxtSink<M, R> {
  /** The top-level message. */
  top(plan: MessagePlan): M;
  /**
   * Starts a value of `field` in `parent`: a message of `plan`, one entry of a map field
   * (`plan` is null then), or the packed message of an `Any` (`field` is its bytes field).
   */
  begin(parent: M, field: FieldPlan, plan: MessagePlan | null): M;
  /** Ends what `begin` started. */
  end(parent: M, field: FieldPlan, child: M, plan: MessagePlan | null): void;
  /** A string or bytes value: the tokenizer's current string token. */
  string(msg: M, field: FieldPlan, tok: Tokenizer): void;
  scalar(msg: M, field: FieldPlan, value: ScalarValue): void;
  /** How many values of `field` `parent` holds so far (for error paths: `node[3]`). */
  count(parent: M, field: FieldPlan): number;
  finish(top: M): R;
}
