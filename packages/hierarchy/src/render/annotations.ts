/** TensorBoard's AnnotationList: no duplicates, the first 5 entries, then `... N more`. */
import { RENDER_PARAMS, type Annotation } from './types.js';

/** Names pushed to each list (including those only counted by the ellipsis). */
const seen = new WeakMap<Annotation[], Set<string>>();

/** Pushes an annotation unless one with the same name was pushed; past 5, counts in an ellipsis. */
export function pushAnnotation(list: Annotation[], a: Annotation): void {
  let names = seen.get(list);
  if (!names) seen.set(list, (names = new Set()));
  if (names.has(a.name)) return;
  names.add(a.name);
  if (list.length < RENDER_PARAMS.maxAnnotations) {
    list.push(a);
    return;
  }
  const last = list[list.length - 1]!;
  if (last.type === 'ellipsis') {
    last.count++;
    last.name = `... ${last.count} more`;
    return;
  }
  list.push({ type: 'ellipsis', target: -1, name: '... 1 more', control: false, reference: false, metaedge: -1, bridge: -1, count: 1 });
}
