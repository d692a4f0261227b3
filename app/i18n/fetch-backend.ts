import type { BackendModule, ReadCallback } from "i18next";

/**
 * i18next's loader in the browser: the locale files with the browser's own fetch. It replaces
 * i18next-http-backend, which brought a fetch polyfill with it (together ~6 KB gzipped on every hydrated page,
 * ADR 050); the files and their cache policy stay as they were.
 */
export function fetchBackend(loadPath: (language: string, namespace: string) => string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetch(loadPath(language, namespace))
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} for ${language}/${namespace}`);
          return response.json();
        })
        .then(
          (resources) => callback(null, resources),
          (error: Error) => callback(error, false),
        );
    },
  };
}
