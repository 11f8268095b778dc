/** Maps full message names to the generated static classes (no reflection, no eval). */
import * as gen from '../gen/tf.js';
import type { Reader, Writer } from 'protobufjs/minimal.js';

export interface MessageClass<T = object> {
  new (properties?: object): T;
  encode(message: T, writer?: Writer): Writer;
  decode(reader: Reader | Uint8Array, length?: number): T;
  fromObject(object: Record<string, unknown>): T;
  toObject(message: T, options?: Record<string, unknown>): Record<string, unknown>;
}

const cache = new Map<string, MessageClass>();

export function messageClass<T = object>(fullName: string): MessageClass<T> {
  let cls = cache.get(fullName);
  if (!cls) {
    let node: unknown = gen;
    for (const part of fullName.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'function') throw new Error(`no generated class for ${fullName}`);
    cls = node as MessageClass;
    cache.set(fullName, cls);
  }
  return cls as MessageClass<T>;
}

/** Encodes a message of the named type to bytes. */
export function encodeMessage(fullName: string, message: object): Uint8Array {
  return messageClass(fullName).encode(message).finish();
}
