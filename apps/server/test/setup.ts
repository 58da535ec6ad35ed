/**
 * Runs in every server test file: what the helpers opened at file level (apps, databases,
 * temporary directories) is closed and removed when the file is done.
 */
import { afterAll } from "vitest";
import { runCleanups } from "./helpers.ts";

afterAll(() => runCleanups());
