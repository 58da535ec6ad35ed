export * from "./auth.ts";
export * from "./common.ts";
export * from "./contact.ts";
export * from "./http.ts";
export * from "./policy.ts";
export * from "./store.ts";
