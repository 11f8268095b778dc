/** The API's response shapes (TensorBoard's, `tensorboard-http-api.md`), as plain data. */

export interface PluginEntry {
  enabled: boolean;
  tab_name?: string;
  disable_reload?: boolean;
}

export type PluginsListing = Record<string, PluginEntry>;

export interface Environment {
  data_location?: string;
  window_title?: string;
  version?: string;
}

export interface TagInfo {
  displayName?: string;
  description?: string;
  samples?: number;
}

/** `/tags` of scalars, histograms, distributions, images, audio: run → tag → info. */
export type RunTagInfo = Record<string, Record<string, TagInfo>>;

/** `[wall_time, step, value]`; the value may be a string for non-finite floats. */
export type ScalarRow = [number, number, number | string];

export type HistogramRow = [number, number, Array<[number, number, number]>];

export type DistributionRow = [number, number, Array<[number, number]>];

export interface BlobEntry {
  wall_time: number;
  step: number;
  query: string;
  contentType?: string;
  label?: string;
}

export interface TextEntry {
  wall_time: number;
  step: number;
  text: string;
}

export interface GraphTagInfo {
  tag: string;
  conceptual_graph: boolean;
  op_graph: boolean;
  profile: boolean;
}

export type GraphInfo = Record<string, { run: string; run_graph: boolean; tags: Record<string, GraphTagInfo> }>;
