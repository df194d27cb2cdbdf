// The portal API as an OpenAPI 3.1 document: the 14 operations of the Learning Portal API and
// POST /token, with the schemas of openapi-schemas.ts (generated from the shared zod schemas).
// Served without a token at GET /openapi.json (GET /api/openapi.json behind npm start and
// npm run dev). The prose reference is docs/portal-api.md.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { PortalRoutes } from './context.ts';
import { componentSchemas } from './openapi-schemas.ts';

type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 429 | 500;

interface Operation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Path parameter (at most one per operation in this API). */
  param?: { name: string; type: 'integer' | 'string'; description: string };
  /** Component schema of the request body. */
  body?: string;
  /** Component schema of the 200 answer. */
  result: string;
  errors: ErrorStatus[];
  /** POST /token is how one gets a token: it takes none. */
  public?: true;
}

const TOKEN_ERRORS: ErrorStatus[] = [401, 429, 500];
const LIST_ERRORS: ErrorStatus[] = [400, ...TOKEN_ERRORS, 413];
const listDescription = (defaultLimit: number) =>
  `Ordered by primary key. \`total\` counts every record matching the criterias, whatever start and limit. Default limit ${defaultLimit}, at most 1000.`;

export const operations: readonly Operation[] = [
  {
    method: 'post',
    path: '/token',
    operationId: 'createToken',
    summary: 'Exchange an API key for a token',
    description:
      'The token lasts 24 hours by default (the server may be configured otherwise); the key is not kept by the dashboard.',
    body: 'TokenRequest',
    result: 'TokenItem',
    errors: [400, 401, 413, 429, 500],
    public: true,
  },
  {
    method: 'get',
    path: '/token/validate',
    operationId: 'validateToken',
    summary: 'Check that a token is still active',
    result: 'TokenValidation',
    errors: TOKEN_ERRORS,
  },
  {
    method: 'post',
    path: '/availability_group/get_all',
    operationId: 'listAvailabilityGroups',
    summary: 'List availability groups',
    description: listDescription(10),
    body: 'ListRequest',
    result: 'AvailabilityGroupList',
    errors: LIST_ERRORS,
  },
  {
    method: 'get',
    path: '/product/definition',
    operationId: 'getProductDefinition',
    summary: 'Describe the product record',
    result: 'ProductDefinitionItem',
    errors: TOKEN_ERRORS,
  },
  {
    method: 'post',
    path: '/take/get_all_for_user/{user_id}',
    operationId: 'listTakesOfUser',
    summary: 'List the takes of one user',
    description: `${listDescription(10)} An unknown user (or one of another organisation): 404.`,
    param: { name: 'user_id', type: 'integer', description: 'Id of the user.' },
    body: 'ListRequest',
    result: 'TakeList',
    errors: [...LIST_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/grp/get_all',
    operationId: 'listGroups',
    summary: 'List groups',
    description: listDescription(10),
    body: 'ListRequest',
    result: 'GrpList',
    errors: LIST_ERRORS,
  },
  {
    method: 'post',
    path: '/product_access/get_all_for_bundle',
    operationId: 'listBundleAccess',
    summary: 'List the product access records of bundles',
    description: `Records whose product has product_type_id "bundle". ${listDescription(10)}`,
    body: 'ListRequest',
    result: 'ProductAccessList',
    errors: LIST_ERRORS,
  },
  {
    method: 'get',
    path: '/grp/get_with_children/{id}',
    operationId: 'getGroupWithChildren',
    summary: 'Get a group and its direct children',
    param: { name: 'id', type: 'integer', description: 'Id of the group.' },
    result: 'GrpWithChildrenItem',
    errors: [400, ...TOKEN_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/user/grp/{id}',
    operationId: 'listGroupsOfUser',
    summary: 'List the groups of one user',
    description: `${listDescription(20)} Criterias are ignored. An unknown user: 404.`,
    param: { name: 'id', type: 'integer', description: 'Id of the user.' },
    body: 'PageRequest',
    result: 'GrpList',
    errors: [...LIST_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/user_grp/get_all',
    operationId: 'listMemberships',
    summary: 'List memberships (user_grp)',
    description: listDescription(10),
    body: 'ListRequest',
    result: 'UserGrpList',
    errors: LIST_ERRORS,
  },
  {
    method: 'get',
    path: '/product/get/{id}',
    operationId: 'getProduct',
    summary: 'Get one product',
    param: { name: 'id', type: 'integer', description: 'Id of the product.' },
    result: 'ProductItem',
    errors: [400, ...TOKEN_ERRORS, 404],
  },
  {
    method: 'post',
    path: '/user_grp/create',
    operationId: 'createMembership',
    summary: 'Add a user to a group',
    description:
      'Answers 200 with the created record. Unknown group or user: 404. The same group and user again: 409 duplicate_membership, nothing written.',
    body: 'UserGrpCreate',
    result: 'UserGrpItem',
    errors: [400, ...TOKEN_ERRORS, 404, 409, 413],
  },
  {
    method: 'get',
    path: '/user/get_by_organisation_identifier/{identifier}',
    operationId: 'getUserByOrganisationIdentifier',
    summary: 'Get a user by organisation identifier',
    param: { name: 'identifier', type: 'string', description: 'Organisation identifier, percent-encoded.' },
    result: 'UserItem',
    errors: [...TOKEN_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/grp/get_by_external_id/{external_id}',
    operationId: 'getGroupByExternalId',
    summary: 'Get a group by external id',
    description: 'Several groups with the same external id: the one with the lowest grp_id.',
    param: { name: 'external_id', type: 'string', description: 'External id, percent-encoded.' },
    result: 'GrpItem',
    errors: [...TOKEN_ERRORS, 404],
  },
  {
    method: 'get',
    path: '/take/get/{id}',
    operationId: 'getTake',
    summary: 'Get one take',
    param: { name: 'id', type: 'integer', description: 'Id of the take.' },
    result: 'TakeItem',
    errors: [400, ...TOKEN_ERRORS, 404],
  },
];

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };

const errorResponses: Record<ErrorStatus, OpenAPIV3_1.ResponseObject> = {
  400: {
    description:
      'Malformed request: invalid_json, invalid_body (details: the fields at fault), invalid_id, invalid_start, invalid_limit, unknown_column, unknown_operator.',
    content: errorBody,
  },
  401: {
    description: 'missing_token, invalid_token or token_expired; invalid_apikey from POST /token.',
    content: errorBody,
  },
  404: { description: 'not_found: the record does not exist or belongs to another organisation.', content: errorBody },
  409: { description: 'duplicate_membership: nothing was written.', content: errorBody },
  413: { description: 'payload_too_large: the body is over 1 MiB.', content: errorBody },
  429: {
    description: 'too_many_requests: 20 failed token or API key attempts from this address within a minute.',
    headers: {
      'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
    },
    content: errorBody,
  },
  500: { description: 'internal_error: a fault of the server, never of the input.', content: errorBody },
};

function operationObject(op: Operation): OpenAPIV3_1.OperationObject {
  const responses: OpenAPIV3_1.ResponsesObject = {
    200: {
      description: 'Success.',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.result}` } } },
    },
  };
  for (const status of op.errors) responses[status] = { $ref: `#/components/responses/E${status}` };
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.public ? { security: [] } : {}),
    ...(op.param
      ? {
          parameters: [
            {
              name: op.param.name,
              in: 'path',
              required: true,
              description: op.param.description,
              schema: { type: op.param.type },
            },
          ],
        }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: false,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${op.body}` } } },
          },
        }
      : {}),
    responses,
  };
}

/** The document, for an API served under `base` ('' at the root, '/api' behind npm start). */
export function openApiDocument(base: string): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const op of operations) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning Portal API (embedded portal)',
      // The version of this description; the API itself carries none.
      version: '1.0.0',
      description:
        'Every answer is JSON. Success: {"status": true, "result": ...} (lists add "total"). Failure: {"status": false, "error": {"code", "message", "details"?}}. See docs/portal-api.md.',
    },
    servers: [{ url: base || '/' }],
    security: [{ token: [] }],
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The bare token from POST /token (a "Bearer " prefix is accepted too).',
        },
      },
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([status, response]) => [`E${status}`, response]),
      ),
    },
  };
}

const documents = new Map<string, string>();

/** GET /openapi.json, no token needed. Register it before the routes that take one. */
export function openApiRoute(app: PortalRoutes): void {
  app.get('/openapi.json', (c) => {
    const base = c.req.path.slice(0, -'/openapi.json'.length);
    let json = documents.get(base);
    if (json === undefined) {
      json = JSON.stringify(openApiDocument(base));
      documents.set(base, json);
    }
    return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8' });
  });
}
