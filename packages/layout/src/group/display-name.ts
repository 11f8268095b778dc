/** TensorBoard's display names (tensorboard-graph.md §7.2): the last path segment, function suffixes stripped. */
import { FUNCTION_LIBRARY_PREFIX } from '@tbg/hierarchy';

const FUNCTION_NAME = /^(?:__function_library__)?(\w+)_[a-z0-9]{8}(?:_\d+)?$/;

export function displayName(name: string): string {
  if (name.startsWith(FUNCTION_LIBRARY_PREFIX) && !name.includes('/', FUNCTION_LIBRARY_PREFIX.length)) {
    const m = FUNCTION_NAME.exec(name);
    return m ? m[1]! : name.slice(FUNCTION_LIBRARY_PREFIX.length);
  }
  // Series names keep their `[a-b]` range, which may not contain '/'.
  return name.slice(name.lastIndexOf('/') + 1);
}
