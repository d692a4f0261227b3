// Bundles the host process (server/index.ts) to build/server.js. npm packages
// stay external; they are installed next to it.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "#server": "./server" },
});
console.info("built build/server.js");
