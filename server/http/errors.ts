import type { ErrorRequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ErrorBody } from '../contracts';
import { FieldError, NotFoundError, StateError, type FieldIssue } from '../core/errors';
import type { Logger } from '../core/ports';

/** An error the HTTP layer answers with a given status and message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendError(res: Response, status: number, detail: string, errors?: FieldIssue[]): void {
  const body: ErrorBody = { detail, status_code: status, ...(errors ? { errors } : {}) };
  res.status(status).json(body);
}

/** `competitors[1]`, `body` for the whole body. */
export function fieldPath(path: readonly PropertyKey[], root = 'body'): string {
  if (path.length === 0) return root;
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
    .join('');
}

export function issuesOf(error: z.ZodError, root = 'body'): FieldIssue[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path, root), message: issue.message }));
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/** Maps every error to the error body of the specification; stack traces go to the log only. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof NotFoundError) return sendError(res, 404, error.message);
    if (error instanceof FieldError) return sendError(res, 422, error.message, error.issues);
    if (error instanceof StateError) return sendError(res, 400, error.message);
    if (error instanceof HttpError) return sendError(res, error.status, error.message);

    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      const reason = error instanceof Error ? error.message : 'unreadable';
      return sendError(res, 400, `The request body is not valid JSON: ${reason}`);
    }
    if (parserError.type === 'entity.too.large') {
      return sendError(res, 413, `The request body is larger than the ${parserError.limit ?? 0}-byte limit`);
    }
    if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
      return sendError(res, 400, 'The request body must be UTF-8 JSON');
    }

    const reference = randomUUID().slice(0, 8);
    logger.error('request failed', {
      reference,
      method: req.method,
      path: req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    sendError(res, 500, `Internal server error (reference ${reference}); the server log has the details`);
  };
}
