/**
 * Reads and loads a graph source named on the command line, for the commands that need an op
 * graph. Errors say what the file is: a format that was not recognised names the formats tried;
 * a RunMetadata without a graph (or a Keras config without layers) says what to give instead.
 */
import { eventGraphReader } from '@tbg/events';
import { GraphFormatError, loadColumnarGraph, type LoadedColumnarGraph, type LoadGraphOptions } from '@tbg/proto';
import { readGraphFile } from './read-graph-file.js';
import { whatItLooksLike } from './what-it-looks-like.js';

export const FORMATS_TRIED = 'GraphDef, MetaGraphDef, SavedModel or RunMetadata (binary or pbtxt), TF.js model.json, Keras model JSON, event file';

/** A GraphFormatError of format `unknown`, said in words: the file, the formats tried, a guess. */
function unrecognised(err: GraphFormatError, path: string, bytes: Uint8Array): Error {
  if (bytes.length === 0) return new Error(`${path}: the file is empty (a graph file is one of: ${FORMATS_TRIED})`);
  const guess = whatItLooksLike(bytes);
  const why = /^text with/.test(err.reason) ? `; ${err.reason}` : guess ? `; it looks like ${guess}` : '';
  return new Error(`${path}: not a graph file (tried ${FORMATS_TRIED})${why}`, { cause: err });
}

export interface GraphFile {
  path: string;
  bytes: Uint8Array;
  loaded: LoadedColumnarGraph;
}

/** Loads `file` (file or model directory) into the columnar form; event files go through @tbg/events. */
export function loadGraphFile(file: string, options: LoadGraphOptions = {}): GraphFile {
  const { path, bytes } = readGraphFile(file);
  try {
    const loaded = loadColumnarGraph(bytes, { ...options, name: path, eventReader: eventGraphReader });
    return { path, bytes, loaded };
  } catch (err) {
    if (err instanceof GraphFormatError && err.format === 'unknown') throw unrecognised(err, path, bytes);
    throw err;
  }
}

/** Why a loaded source has no op graph to work on, or null when it has one. */
export function noOpGraphReason(loaded: LoadedColumnarGraph): string | null {
  const k = loaded.keras;
  // A Keras config loads as its conceptual graph (a node per layer); only one without layers is empty.
  if (k && loaded.columnar.nodes.count === 0) {
    const from = k.source === 'tfjs-layers-model' ? 'a TF.js layers model' : 'a Keras model config';
    return `${from} (${k.className}) without layers: there is no graph to draw; give a model with layers, a TF.js graph model, a SavedModel or a GraphDef`;
  }
  if (loaded.runMetadata && loaded.columnar.nodes.count === 0) {
    return 'a RunMetadata with step stats but no graph (no function_graphs or partition_graphs): give the graph it was recorded for (its GraphDef or the event file with the graph); the board joins the stats to it';
  }
  return null;
}

/** `loadGraphFile`, and an error unless the source holds an op graph. */
export function loadOpGraph(file: string, options: LoadGraphOptions = {}): GraphFile {
  const g = loadGraphFile(file, options);
  const reason = noOpGraphReason(g.loaded);
  if (reason) throw new Error(`${g.path}: ${reason}`);
  return g;
}
