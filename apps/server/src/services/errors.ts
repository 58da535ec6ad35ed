/**
 * The one error taxonomy. Services throw these; the HTTP layer maps each to its status and the
 * `{ message, errors? }` envelope. Nothing else a service throws ever reaches a client as text.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  /** Extra fields the reply carries beside message (for example a fresh cart on a total mismatch). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: { errors?: FieldErrors; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.errors = options.errors;
    this.details = options.details;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors ? { errors } : {});
  }
  /** One field's message, which is also the reply's message. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, { [field]: message });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please sign in to continue") {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You are not allowed to do that") {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, message, details ? { details } : {});
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/** What a client is told while the database cannot be reached (a restart, a failover). */
export const UNAVAILABLE_MESSAGE = "The store is briefly unavailable, please try again";

/** 503: the store cannot answer for a moment (the database is away); the same request may work soon. */
export class ServiceUnavailableError extends AppError {
  /** How long to wait before trying again (the Retry-After header). */
  readonly retryAfterSeconds = 5;
  constructor(message = UNAVAILABLE_MESSAGE) {
    super(503, message);
  }
}

export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
