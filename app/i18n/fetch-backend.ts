import type { BackendModule, ReadCallback } from "i18next";

/** A failed answer of the locale files: worth trying again (network, 5xx) or not (4xx). */
class LoadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * i18next's loader in the browser: the locale files with the browser's own fetch. It replaces
 * i18next-http-backend, which brought a fetch polyfill with it (together ~6 KB gzipped on every hydrated page,
 * ADR 050); the files and their cache policy stay as they were. As that backend did, it asks i18next to try again
 * (its connector retries a few times with a growing pause) after a network error or a 5xx, not after a 4xx.
 */
export function fetchBackend(loadPath: (language: string, namespace: string) => string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetch(loadPath(language, namespace))
        .then(
          (response) => {
            if (!response.ok) throw new LoadError(`${response.status} for ${language}/${namespace}`, response.status >= 500);
            return response.json();
          },
          (error: Error) => {
            throw new LoadError(error.message, true);
          },
        )
        .then(
          (resources) => callback(null, resources),
          (error: unknown) => callback(error as Error, error instanceof LoadError && error.retry),
        );
    },
  };
}
