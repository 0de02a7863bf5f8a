import { z } from 'zod';
import { API_PREFIX, ErrorBodySchema, ReportSchema, ROUTES, type RouteSpec } from '../contracts';

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed JSON, or the request cannot be served in the current state',
  404: 'The resource does not exist',
  413: 'The request body is larger than 1 MB',
  422: 'Validation failed; detail and errors name each field',
  500: 'Internal server error',
};

/**
 * The OpenAPI 3.1 document, derived from the same zod schemas that validate
 * requests. Named schemas (`.meta({ id })`) become components.
 */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const components: Record<string, JsonSchema> = {};

  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const generated = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonSchema;
    const { $schema: _ignored, $defs, ...rest } = generated;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      components[io === 'input' && components[id] && !id.endsWith('Create') ? `${id}Input` : id] = definition;
    }
    return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  };

  const errorRef = { $ref: '#/components/schemas/Error' };
  toSchema(ErrorBodySchema, 'output');
  toSchema(ReportSchema, 'output');

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES as readonly RouteSpec[]) {
    const parameters: unknown[] = [];
    for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
    if (route.query) {
      const query = toSchema(route.query, 'input') as { properties?: Record<string, JsonSchema> };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: false, schema, description: schema.description });
      }
    }
    const success = route.success;
    const content = success.contentType
      ? { [success.contentType]: { schema: { type: 'string' } } }
      : success.schema
        ? { 'application/json': { schema: toSchema(success.schema, 'output') } }
        : undefined;
    const responses: Record<string, unknown> = {
      [String(success.status)]: { description: success.description, ...(content ? { content } : {}) },
    };
    const errorStatuses = new Set<number>([...route.errors, 500]);
    if (route.body) {
      errorStatuses.add(413);
    }
    for (const status of [...errorStatuses].sort()) {
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: errorRef } },
      };
    }
    if (route.operationId === 'getEvaluationReport') {
      (responses['200'] as { content: Record<string, unknown> }).content['application/json'] = {
        schema: { $ref: '#/components/schemas/Report' },
      };
      (responses['200'] as { content: Record<string, unknown> }).content['application/pdf'] = {
        schema: { type: 'string', format: 'binary' },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Vendor Evaluation API',
      version,
      description:
        'Local REST API of Vendor Evaluation (open mode: no authentication, CORS from all origins, listening on 127.0.0.1). Errors carry `detail` and `status_code`; validation errors also list `errors` per field. See docs/API.md for every decision the specification leaves open.',
    },
    servers: [{ url: API_PREFIX, description: 'relative to the local server, e.g. http://127.0.0.1:7345/api/v1' }],
    paths,
    components: { schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))) },
  };
}
