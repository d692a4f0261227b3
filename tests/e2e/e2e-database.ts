/** The SQLite file of the e2e server on `port` (scripts/e2e-server.mjs keeps one data folder per port). */
export function e2eDatabasePath(port = Number(process.env.E2E_PORT ?? 3300)): string {
  return `${process.env.E2E_APP_DIR ?? "."}/data/e2e-${port}/e2e.sqlite`;
}
