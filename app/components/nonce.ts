import { createContext, useContext } from "react";

/**
 * The response's Content-Security-Policy nonce, set by entry.server.tsx from the host's load context.
 * In the browser there is none to read (browsers hide nonce attributes), and none is needed: scripts
 * added after hydration are module imports from our own origin.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
