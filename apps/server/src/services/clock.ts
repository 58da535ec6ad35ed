/** Services read the time through a clock so tests can control it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
