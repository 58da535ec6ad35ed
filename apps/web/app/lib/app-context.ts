import type { AppLoadContextValue } from "@vastra/contracts";
import { createContext } from "react-router";

/** Set by the server for every request; entry.server re-exports it so the server can fill it. */
export const appContext = createContext<AppLoadContextValue>();
