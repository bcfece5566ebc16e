// The contract as a test oracle: validates a response's status, content type and body against the documented
// operation, views and commands against the modules' own schemas. `specOracle(document)` checks against any served
// document (support/http.ts uses the test app's own); `specProblems` against the one generated for the shipped
// modules and the test's toy module (openapi.yaml is that document without the toy, as contract.test.ts keeps it).
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { contractDocument } from '../../src/contract';
import { loadModules } from '../../src/modules';
import { toy } from './toy';

type Json = Record<string, unknown>;
export const openapi = (await contractDocument({ ...(await loadModules()), toy })) as {
  paths: Record<string, Record<string, Json>>;
  components: Json;
};

type Document = { paths: Record<string, Record<string, Json>>; components: Json };

export interface Reply {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A checker of replies against `document`: the problems of a reply (empty when it conforms). */
export function specOracle(document: Document): (method: string, url: string, reply: Reply) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'openapi');
  const deref = (node: Json): Json => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((o, k) => (o as Json)[k], document);
    return deref(target as Json);
  };
  const templateFor = (url: string): string | undefined => {
    const path = url.split('?')[0] ?? url;
    return Object.keys(document.paths).find((tpl) => new RegExp(`^${tpl.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  };
  return (method, url, reply) => problemsOf(document, ajv, deref, templateFor, method, url, reply);
}

const defaultOracle = specOracle(openapi);

/** Problems with the reply against the document of the shipped modules and the toy (empty when it conforms). */
export function specProblems(method: string, url: string, reply: Reply): string[] {
  return defaultOracle(method, url, reply);
}

function problemsOf(
  openapi: Document,
  ajv: Ajv,
  deref: (node: Json) => Json,
  templateFor: (url: string) => string | undefined,
  method: string,
  url: string,
  reply: Reply,
): string[] {
  const template = templateFor(url);
  if (!template) return [`${url} is not in openapi.yaml`];
  const operation = openapi.paths[template]?.[method.toLowerCase()] as Json | undefined;
  if (!operation) return [`${method} ${template} is not in openapi.yaml`];
  const response = (operation.responses as Json)[String(reply.statusCode)] as Json | undefined;
  if (!response) return [`${method} ${template} does not document status ${reply.statusCode}`];
  const content = deref(response).content as Record<string, { schema: Json }> | undefined;
  if (!content) return reply.body === '' ? [] : ['a body where the spec has none'];
  const type = String(reply.headers['content-type'] ?? '').split(';')[0] ?? '';
  const media = content[type];
  if (!media) return [`content type ${type} not documented for ${reply.statusCode} (${Object.keys(content).join(', ')})`];
  const ref = `openapi#${refPath(media.schema)}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $id: ref.replace(/[^A-Za-z0-9]/g, '_'), $ref: ref });
  if (validate(JSON.parse(reply.body))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

// Schemas are compiled by JSON pointer into the registered document so their own $refs resolve.
function refPath(schema: Json): string {
  if (typeof schema.$ref === 'string') return schema.$ref.replace(/^#/, '');
  throw new Error('inline response schemas are not used in openapi.yaml; give it a component');
}
