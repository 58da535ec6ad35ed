/**
 * zod for every contract file, configured once: no runtime code generation, because the browser's
 * CSP forbids eval and zod would otherwise probe for it (a reported CSP violation on every page).
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
