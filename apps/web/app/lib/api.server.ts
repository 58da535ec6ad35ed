import type { ApiFetch } from "@vastra/contracts";
import type { RouterContextProvider } from "react-router";
import { appContext } from "./app-context";

/** The in-process API caller of this server-rendered request. */
export function serverApi(context: Readonly<RouterContextProvider>): ApiFetch {
  return context.get(appContext).api;
}
