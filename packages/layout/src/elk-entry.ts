/**
 * @tbg/layout/elk: an ELK worker's parts — ELK in this thread and the loop that answers ELK
 * requests on any channel — for hosts that connect their ELK worker by a MessagePort (so that
 * it starts beside, not after, the view worker that uses it).
 */
export { createElk, type ElkLayouter } from './elk/run-elk.js';
export { serveElk, type RequestChannel } from './worker/serve-elk.js';
