/**
 * What cluster.ts's primary sends a worker to ask it to stop gracefully (main.ts listens for it).
 * A module of its own: main.ts imports it before its start-up work, and the bundle `npm start`
 * runs (record 0062) must not take in cluster.ts, whose `import.meta.main` block would then be
 * true in the bundle's entry and start a cluster primary.
 */
export const CLUSTER_STOP_MESSAGE = "vastra:stop";
