import { CONTACT_MESSAGES } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/helpers.ts";
import { BODY_LIMIT_BYTES } from "../app.ts";
import { ConflictError } from "../services/errors.ts";

const SECRET_TEXT = 'select password_hash from "users" where email = $1';

const { app } = await buildTestApp({
  before(app) {
    // Test-only routes: an unexpected failure carrying internals, and a service error.
    app.get("/api/test/crash", async () => {
      const error = new Error(`relation "users" failed: ${SECRET_TEXT}`);
      Object.assign(error, { code: "42P01", query: SECRET_TEXT });
      throw error;
    });
    app.get("/api/test/conflict", async () => {
      throw new ConflictError("Only 2 items available in stock", { cart: [] });
    });
  },
});

const validMessage = {
  name: "Asha Rao",
  email: "asha@example.in",
  subject: "general",
  message: "Do you ship to Pune?",
};

function postContact(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/contact",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

function expectJson(res: { headers: Record<string, unknown> }) {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
}

describe("the error envelope", () => {
  it("answers an unknown /api path with 404 and a JSON message naming it", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await app.inject({ method, url: "/api/no-such-thing?x=1" });
      expect(res.statusCode).toBe(404);
      expectJson(res);
      expect(res.json()).toEqual({ message: `No such API endpoint: ${method} /api/no-such-thing` });
    }
  });

  it("answers a body that is not JSON with 400", async () => {
    const res = await postContact("{name: 'Asha'");
    expect(res.statusCode).toBe(400);
    expectJson(res);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON" });
  });

  it("answers a JSON body that is not an object with a plain 400 message", async () => {
    for (const body of ["null", "[1,2]", '"text"']) {
      const res = await postContact(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "The request body must be a JSON object" });
    }
  });

  it("answers a body over 1 MB with 413 and says what the limit is", async () => {
    const huge = { ...validMessage, message: "x".repeat(BODY_LIMIT_BYTES + 10) };
    const res = await postContact(huge);
    expect(res.statusCode).toBe(413);
    expectJson(res);
    expect(res.json()).toEqual({ message: "The request is too large (the limit is 1 MB)" });
  });

  it("answers invalid input with 400, a message and each field's message", async () => {
    const res = await postContact({ ...validMessage, name: "  ", email: "not-an-email" });
    expect(res.statusCode).toBe(400);
    expectJson(res);
    const body = res.json();
    expect(body.errors).toEqual({
      name: CONTACT_MESSAGES.name,
      email: "Please enter a valid email address",
    });
    expect(Object.values(body.errors)).toContain(body.message);
  });

  it("refuses a field the API does not know, naming it", async () => {
    const res = await postContact({ ...validMessage, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Unknown field: isAdmin",
      errors: { isAdmin: "Unknown field" },
    });
  });

  it("hides an internal failure behind 500 { message }: no stack, no SQL", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/crash" });
    expect(res.statusCode).toBe(500);
    expectJson(res);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect(res.body).not.toMatch(/password_hash|select|relation|42P01|at .*\.ts|stack/i);
  });

  it("passes a service error's status, message and details on", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/conflict" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Only 2 items available in stock", cart: [] });
  });
});
