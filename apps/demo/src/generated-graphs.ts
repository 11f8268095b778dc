/**
 * The generated graphs: what scripts/gen-graphs.ts writes into public/generated/ before each
 * build, and what the "Generated" and "Stress" stories load. Seeded, so every build shows the
 * same graphs.
 */
export interface GeneratedGraph {
  /** File name under public/generated/. */
  file: string;
  /** Options for @tbg/testkit's generateTrainingGraph. */
  options: { nodes: number; seed: number; devices: 'none' | 'single' | 'cluster' };
}

export const GENERATED_GRAPHS: readonly GeneratedGraph[] = [
  // Devices spread over a cluster, so "colour by device" has something to show.
  { file: 'train-10k.pb', options: { nodes: 10_000, seed: 1, devices: 'cluster' } },
  { file: 'train-100k.pb', options: { nodes: 100_000, seed: 1, devices: 'cluster' } },
];

/** URL of a generated graph, relative to the page. */
export function generatedUrl(file: string): string {
  return `generated/${file}`;
}
