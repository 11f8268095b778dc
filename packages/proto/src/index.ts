/**
 * @tbg/proto: TensorFlow's protos, the pbtxt text format, TF.js model.json, format sniffing and
 * loading, and a fast columnar GraphDef decoder. No DOM: runs in Node, browsers and workers.
 */
export { tensorflow, tensorboard, google } from './gen/tf.js';
export { GraphFormatError, type GraphFormatErrorInit, type SourceLocation, type FormatName } from './errors.js';

export { parsePbtxt, parsePbtxtToWire, type PbtxtParseOptions } from './pbtxt/parse.js';
export { printPbtxt, type PbtxtPrintOptions } from './pbtxt/print.js';

export { schema, type Schema, type MessageDesc, type FieldDesc, type EnumDesc } from './schema/schema.js';
export { messageClass, encodeMessage, type MessageClass } from './schema/messages.js';
export { messageFromJson } from './schema/protojson.js';

export { parseModelJson, type ModelJson, type KerasModelConfig, type TfjsModelInfo, type TfjsWeightSpec } from './tfjs/model-json.js';
export { kerasModelToGraphDef } from './tfjs/keras-graph.js';

export {
  loadGraph,
  loadGraphSource,
  loadColumnarGraph,
  runMetadataGraph,
  type LoadGraphOptions,
  type LoadedGraph,
  type LoadedColumnarGraph,
  type GraphSource,
  type GraphSourceKind,
  type GraphEncoding,
  type MetaGraphInfo,
  type EventGraphReader,
  type EventGraphSelection,
  type EventGraphTag,
} from './load/load-graph.js';
export { sniff, looksLikeTfRecord, type Sniffed, type TopMessage } from './load/sniff.js';
export { stripLargeAttrs, DEFAULT_LIMIT_ATTR_SIZE, LARGE_ATTRS_KEY, type LargeAttr } from './load/large-attrs.js';
export { mergeGraphDefs } from './load/merge-graphs.js';

export { decodeColumnar, type ColumnarOptions } from './columnar/decode.js';
export { INPUT_DATA, INPUT_CONTROL, INPUT_EXPLICIT_SLOT, InputKind, type InputKindBit, type ColumnarGraph, type ColumnarFunction, type NodeTable } from './columnar/types.js';
export { getAttr, attrRange, attrSizes, attrKeyIndex, inputNodeName, inputString, toNodeDef, edgeCounts } from './columnar/access.js';

export { scanWire, type WireScan, type WireIssue, type WireScanOptions } from './wire/validate.js';
export { WireReader, WireError } from './wire/reader.js';
export { crc32c, maskCrc, type Crc32c } from './wire/crc32c.js';
export { utf8, encodeUtf8 } from './wire/utf8.js';
