// Reads kept for a scope's life. An import's chunk is one transaction, so one DataScope: a read kept
// on it (a create's branch, its default statuses) runs once per chunk, not once per row (decision
// 0050); a request's scope keeps it for the request. Only for reads the scope's own writes do not
// change (reference data, the caller's branches), since the scope never reads them again.
import type { DataScope } from './scope.ts';

/** `read`, answered once per scope and key (a failed read is not kept: the next call reads again). */
export function keptPerScope<K, T>(read: (scope: DataScope, key: K) => Promise<T>): (scope: DataScope, key: K) => Promise<T> {
  const byScope = new WeakMap<DataScope, Map<K, Promise<T>>>();
  return (scope, key) => {
    let kept = byScope.get(scope);
    if (!kept) byScope.set(scope, kept = new Map());
    const hit = kept.get(key);
    if (hit) return hit;
    const reading = read(scope, key);
    kept.set(key, reading);
    reading.catch(() => kept.delete(key));
    return reading;
  };
}
