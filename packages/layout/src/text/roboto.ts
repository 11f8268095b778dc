import { createMeasurer } from './create-measurer.js';
import type { TextMeasurer } from './measurer.js';
import * as robotoMetrics from './roboto-metrics.js';

export { createMeasurer };

/**
 * Roboto Regular (family 'Roboto'), measured as a browser canvas draws it once the renderer loads
 * @fontsource/roboto's 400.css. Decisions on vertical metrics, kerning, ligatures and the fallback
 * advance are in the header of roboto-metrics.ts.
 */
export const roboto: TextMeasurer = /* @__PURE__ */ createMeasurer(robotoMetrics);
