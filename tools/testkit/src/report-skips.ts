/**
 * `report-skips clear` empties the skip log before a test run; `report-skips` prints its one
 * closing line afterwards (what was skipped and why).
 */
import { clearSkips, readSkips, skipSummary } from './skips.js';

if (process.argv[2] === 'clear') clearSkips();
else console.log(skipSummary(readSkips()));
