import type { ApiDeps } from "./types";

/**
 * One `T` per database handle, made on first use: a process's caches belong to its API instance, and a test process
 * runs several instances (one database each) side by side, which must not share them. `existing` never makes one
 * (a cache made only to be forgotten would subscribe to the bus for nothing).
 */
export function perDatabase<T>(make: (deps: ApiDeps) => T): { of: (deps: ApiDeps) => T; existing: (deps: ApiDeps) => T | undefined } {
  const made = new WeakMap<ApiDeps["db"], T>();
  return {
    of: (deps) => {
      let value = made.get(deps.db);
      if (value === undefined) {
        value = make(deps);
        made.set(deps.db, value);
      }
      return value;
    },
    existing: (deps) => made.get(deps.db),
  };
}
