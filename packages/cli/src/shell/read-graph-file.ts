/** Reads a graph source named on the command line: a file, or a SavedModel / TF.js / graph directory. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Candidates inside a directory, in the order they are tried. */
const GRAPH_FILES_IN_DIR = ['saved_model.pb', 'saved_model.pbtxt', 'model.json', 'graph.pbtxt', 'graph.pb'];

export function readGraphFile(file: string): { path: string; bytes: Uint8Array } {
  let path = file;
  if (existsSync(path) && statSync(path).isDirectory()) {
    const found = GRAPH_FILES_IN_DIR.map((f) => join(path, f)).find(existsSync);
    if (!found) throw new Error(`${path} is a directory without ${GRAPH_FILES_IN_DIR.join(', ')}`);
    path = found;
  }
  try {
    return { path, bytes: new Uint8Array(readFileSync(path)) };
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as Error).message}`, { cause: err });
  }
}
