// Bundles the host process (server/index.ts) to build/server.js. npm packages
// stay external; they are installed next to it.
import { build } from "esbuild";

// The operator's account commands (server/ops/accounts-cli.ts) are bundled too, so `npm run staff:create` works on a
// production install without dev dependencies (tsx).
await build({
  entryPoints: { server: "server/index.ts", "accounts-cli": "server/ops/accounts-cli.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "#server": "./server" },
});
console.info("built build/server.js and build/accounts-cli.js");
