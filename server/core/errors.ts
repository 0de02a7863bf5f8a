/**
 * Errors the core raises on purpose. The HTTP layer maps them to status codes;
 * anything else is an internal error (500) whose details go to the log only.
 */

export class NotFoundError extends Error {
  constructor(
    readonly resource: string,
    readonly id: string,
  ) {
    super(`${resource} '${id}' was not found`);
    this.name = 'NotFoundError';
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** The request is well-formed but names something invalid (422). */
export class FieldError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '));
    this.name = 'FieldError';
  }

  static of(field: string, message: string): FieldError {
    return new FieldError([{ field, message }]);
  }
}

/** The request cannot be served in the resource's current state (400). */
export class StateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateError';
  }
}
