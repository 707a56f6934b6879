// `npm run gen:contract`: writes src/contract/json-schemas/, the JSON Schemas of the contract's response bodies, so
// browser code validates answers without shipping zod (docs/decisions.md #10).
// Run with tsx (it imports the TypeScript contract). `--check` exits 1 when the checked-in files are out of date.
//
// One module per response schema, not one file: the bundler tree-shakes exports but splits chunks by module, so
// in one module the schemas of lazily loaded elements (account, location picker) would ride in the initial chunk.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import * as contract from '../src/contract/index.ts';

export const OUTPUT_DIR = fileURLToPath(new URL('../src/contract/json-schemas/', import.meta.url));

/** Every 2xx body a client route validates, by contract export name. */
export const RESPONSES = [
  'TokenResponse', 'LoginResponse', 'MessageResponse',
  'ItemCardPage', 'ItemCount', 'ProductDetail', 'BundlePriceOptionDetail', 'CategoryList', 'PaymentMethodList',
  'VariantPricingList', 'VariantAvailability',
  'LocationPage', 'ProvinceList', 'CityList', 'SubdistrictList', 'PostalCodeList',
  'Cart', 'ShippingOptionList', 'Summary', 'DiscountCheckResult', 'PublicOrder',
  'CustomerProfileResponse', 'CustomerOrderPage', 'CustomerOrder', 'SubscriptionPage', 'Subscription',
  'CourseAccessPage', 'CourseAccess', 'CourseSectionList', 'CourseContent', 'ProgressUpdateResponse',
];

/** What src/client/validate.ts implements. Anything else fails the generation instead of passing unchecked. */
const KEYWORDS = new Set(['type', 'const', 'enum', 'pattern', 'minimum', 'maximum', 'items', 'properties', 'required',
  'additionalProperties', 'propertyNames', 'anyOf', 'oneOf']);

const isZod = (value) => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The schema of what the server may send. `io: 'input'` because that is what zod's `parse` accepts: a plain
 * `z.object` lets unknown keys through (and strips them), so the client keeps working when the server adds a field;
 * `io: 'output'` would mark every object `additionalProperties: false`. Input and output must otherwise agree,
 * which proves the response schemas carry no transforms the validator would skip.
 */
function jsonSchemaOf(name) {
  const schema = contract[name];
  if (!isZod(schema)) throw new Error(`${name} is not a zod schema of src/contract`);
  const input = z.toJSONSchema(schema, { io: 'input' });
  const output = z.toJSONSchema(schema, { io: 'output' });
  const loose = (json) => JSON.stringify(json).replaceAll(',"additionalProperties":false', '');
  if (loose(input) !== loose(output)) throw new Error(`${name}: input and output differ (a transform?); the validator cannot express that`);
  delete input.$schema;
  return clean(input, name);
}

/** Drops `format` (its regex is in `pattern` too) and refuses what the validator does not know. */
function clean(node, where) {
  if (Array.isArray(node)) return node.map((item, i) => clean(item, `${where}.${i}`));
  if (typeof node !== 'object' || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'format' && typeof node.pattern === 'string') continue;
    if (!KEYWORDS.has(key)) throw new Error(`${where}: keyword "${key}" is not supported by src/client/validate.ts`);
    if (key === 'pattern') new RegExp(value); // zod writes regex sources without flags; fail here if one is not valid
    if (key === 'required' && !value.every((name) => Object.hasOwn(node.properties ?? {}, name))) {
      throw new Error(`${where}: a required property is not declared; the validator checks only declared ones`);
    }
    out[key] = key === 'properties'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, `${where}.${k}`)]))
      : key === 'enum' || key === 'const' || key === 'required' ? value : clean(value, `${where}.${key}`);
  }
  return out;
}

/** Names for shared subschemas: the one contract export with the same JSON Schema (`Timestamp`, `OrderLine`…). */
function contractNames() {
  const names = new Map();
  for (const [name, value] of Object.entries(contract)) {
    if (!isZod(value)) continue;
    let json;
    try {
      const { $schema, ...schema } = z.toJSONSchema(value, { io: 'input' });
      json = JSON.stringify(clean(schema, name));
    } catch {
      continue; // request schemas with transforms or refinements have no JSON Schema of ours
    }
    names.set(json, names.has(json) ? null : name); // two exports alike (Province, BusinessRef): name neither
  }
  return names;
}

/** Subschemas used more than once (and not tiny) become one const each; `named` ones are referenced already. */
function sharedSubschemas(schemas, named) {
  const uses = new Map();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const json = JSON.stringify(node);
    if (named.has(json)) return;
    uses.set(json, (uses.get(json) ?? 0) + 1);
    if (uses.get(json) > 1) return; // its parts are counted once: shared along with it
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties') Object.values(value).forEach(visit);
      else if (key !== 'enum' && key !== 'const' && key !== 'required') visit(value);
    }
  };
  schemas.forEach(visit);
  return new Set([...uses].filter(([json, n]) => n > 1 && json.length >= 40).map(([json]) => json));
}

const INT = JSON.stringify({ type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });

/** A name that says what a shared subschema is: the contract export it equals, `Int`, or `…OrNull` of those. */
function nameOf(node, known) {
  const json = JSON.stringify(node);
  const exported = known.get(json);
  if (exported && !RESPONSES.includes(exported)) return exported;
  if (json === INT) return 'Int';
  const [value, other] = node.anyOf ?? [];
  const inner = node.anyOf?.length === 2 && JSON.stringify(other) === '{"type":"null"}' ? nameOf(value, known) : undefined;
  return inner && `${inner}OrNull`;
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** One line, shared parts by name. */
function inline(node, names) {
  if (typeof node !== 'object' || node === null) return JSON.stringify(node);
  const json = JSON.stringify(node);
  if (names.has(json)) return names.get(json);
  if (Array.isArray(node)) return `[${node.map((v) => inline(v, names)).join(', ')}]`;
  if (!Object.keys(node).length) return '{}';
  return `{ ${Object.entries(node).map(([k, v]) => `${key(k)}: ${inline(v, names)}`).join(', ')} }`;
}

/** Indented like a formatter would: a node that fits stays on one line. */
function print(node, names, indent = '') {
  const line = inline(node, names);
  if (line.length + indent.length <= 110 || typeof node !== 'object' || node.every?.((v) => typeof v !== 'object')) return line;
  const inner = `${indent}  `;
  if (Array.isArray(node)) return `[\n${node.map((v) => inner + print(v, names, inner)).join(',\n')},\n${indent}]`;
  const entries = Object.entries(node).map(([k, v]) => `${inner}${key(k)}: ${print(v, names, inner)}`);
  return `{\n${entries.join(',\n')},\n${indent}}`;
}

/** Names of the shared subschemas `node` is made of (the outermost ones). */
function dependencies(node, names, top = true) {
  if (typeof node !== 'object' || node === null) return [];
  const json = JSON.stringify(node);
  if (!top && names.has(json)) return [names.get(json)];
  return Object.values(node).flatMap((value) => dependencies(value, names, false));
}

const HEADER = `// Generated by scripts/gen-contract-json.mjs from the zod schemas of src/contract: do not edit, run \`npm run gen:contract\`.`;

const SCHEMA_TYPES = `${HEADER}

/** The JSON Schema keywords the generated schemas use (src/client/validate.ts checks exactly these). */
export type JsonSchema = {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: { readonly [key: string]: JsonSchema };
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
};
/** A JSON Schema that also carries, for TypeScript only, the type of the values it accepts. */
export type Schema<T> = JsonSchema & { readonly __type?: T };
`;

const fileOf = (name) => `${name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase()}.ts`;

/** Whether `node` is an object schema with every property (and requirement) of `base`. */
const extendsBase = (node, base) => typeof node === 'object' && node !== null && node.type === 'object' && !!node.properties
  && Object.entries(base.properties).every(([key, value]) => JSON.stringify(node.properties[key]) === JSON.stringify(value))
  && (base.required ?? []).every((key) => node.required?.includes(key));

/**
 * Contract objects that responses in different chunks are built from (`{ ...BuyerOrderFields.shape, … }`,
 * `OrderShipment` in `ShippingDisplay`): each gets a module of its own and every object that has its fields takes
 * them from it (`...OrderShipment.properties`), so the public and the customer's order do not repeat them. Each is
 * wholly needed by every response that has it, so its module adds nothing to a chunk that loads it.
 */
const SHARED_OBJECTS = ['BuyerOrderFields', 'OrderShipment', 'OrderStore'];

const SPREAD = /"?__fieldsOf_(\w+)__"?(: null)?/g;

/**
 * `node` with the fields of the largest base it has replaced by a marker that `print` leaves in place and
 * `responseModule` turns into `...Base.properties` / `...(Base.required ?? [])`. `self`: the base being written.
 */
function withBases(node, bases, self) {
  if (Array.isArray(node)) return node.map((item) => withBases(item, bases, self));
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key,
    key === 'properties' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBases(v, bases, self)])) : withBases(value, bases, self)]));
  const [base, schema] = [...bases].filter(([name, json]) => name !== self && extendsBase(node, json))
    .sort(([, a], [, b]) => Object.keys(b.properties).length - Object.keys(a.properties).length)[0] ?? [];
  if (base === undefined) return out;
  const marker = `__fieldsOf_${base}__`;
  out.properties = { [marker]: null, ...Object.fromEntries(Object.entries(out.properties).filter(([key]) => !Object.hasOwn(schema.properties, key))) };
  if (out.required) out.required = [marker, ...out.required.filter((key) => !schema.required?.includes(key))];
  return out;
}

/**
 * One response's module. Parts it repeats become local consts; another response inside it (`CustomerOrder` in
 * `CustomerOrderPage`) and the `SHARED_OBJECTS` whose fields it has are imported. Nothing else is shared between
 * modules: a shared module would carry every part any chunk needs into the first chunk that loads it, and repeats
 * inside one chunk cost next to nothing gzipped.
 */
function responseModule(name, schema, responseNames, known) {
  const names = new Map([...responseNames].filter(([, other]) => other !== name));
  let n = 0;
  for (const json of sharedSubschemas([schema], names)) {
    let local = nameOf(JSON.parse(json), known) ?? `shared${++n}`;
    if ([...names.values()].includes(local) || RESPONSES.includes(local)) local = `shared${++n}`;
    names.set(json, local);
  }
  const locals = new Map([...names].filter(([, local]) => !RESPONSES.includes(local)).map(([json, local]) => [local, JSON.parse(json)]));
  const body = [];
  const imports = new Set();
  const emitted = new Set();
  const emit = (own) => {
    if (emitted.has(own)) return;
    emitted.add(own);
    const node = own === name ? schema : locals.get(own);
    for (const dep of dependencies(node, names)) {
      if (RESPONSES.includes(dep)) imports.add(dep);
      else emit(dep);
    }
    const json = JSON.stringify(node);
    const named = names.get(json);
    names.delete(json); // print the definition itself, not its name
    const value = print(node, names);
    if (named) names.set(json, named);
    body.push(own === name
      ? `export const ${name}: Schema<z.output<typeof contract.${name}>> = ${value};`
      : `const ${own}: JsonSchema = ${value};`);
  };
  emit(name);
  const code = body.join('\n\n').replace(SPREAD, (_, base, property) => {
    imports.add(base);
    return property ? `...${base}.properties` : `...(${base}.required ?? [])`;
  });
  const types = locals.size ? 'JsonSchema, Schema' : 'Schema';
  return `${HEADER}
import type * as z from 'zod/mini';
import type * as contract from '../index.ts';
import type { ${types} } from './schema.ts';
${[...imports].sort().map((other) => `import { ${other} } from './${fileOf(other)}';\n`).join('')}
${code}
`;
}

/** The files of src/contract/json-schemas/, by name. */
export function generate() {
  const bases = new Map(SHARED_OBJECTS.map((name) => [name, jsonSchemaOf(name)]));
  const schemas = Object.fromEntries(RESPONSES.map((name) => [name, withBases(jsonSchemaOf(name), bases)]));
  const known = contractNames();
  const responseNames = new Map();
  for (const name of RESPONSES) {
    const json = JSON.stringify(schemas[name]);
    if (responseNames.has(json)) throw new Error(`${name} is the same schema as ${responseNames.get(json)}: validate both with one`);
    responseNames.set(json, name);
  }
  const files = new Map([['schema.ts', SCHEMA_TYPES]]);
  for (const [base, schema] of bases) files.set(fileOf(base), responseModule(base, withBases(schema, bases, base), responseNames, known));
  for (const name of RESPONSES) files.set(fileOf(name), responseModule(name, schemas[name], responseNames, known));
  files.set('index.ts', `${HEADER}
// The response bodies as JSON Schema: what zod accepts (\`format\` left out, its regex is in \`pattern\`), checked by
// src/client/validate.ts so that browser code needs no zod. One module per schema: see scripts/gen-contract-json.mjs.
export type { JsonSchema, Schema } from './schema.ts';
${RESPONSES.map((name) => `export { ${name} } from './${fileOf(name)}';`).join('\n')}
`);
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = generate();
  const existing = (() => {
    try {
      return readdirSync(OUTPUT_DIR).filter((f) => f.endsWith('.ts'));
    } catch {
      return [];
    }
  })();
  const stale = existing.filter((f) => !files.has(f));
  const changed = [...files].filter(([file, text]) => {
    try {
      return readFileSync(join(OUTPUT_DIR, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (process.argv.includes('--check')) {
    if (stale.length || changed.length) {
      console.error(`src/contract/json-schemas/ is out of date (${[...stale, ...changed.map(([f]) => f)].join(', ')}): run \`npm run gen:contract\``);
      process.exit(1);
    }
  } else {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    stale.forEach((file) => rmSync(join(OUTPUT_DIR, file)));
    changed.forEach(([file, text]) => writeFileSync(join(OUTPUT_DIR, file), text));
    console.log(`src/contract/json-schemas/: ${changed.length} written, ${stale.length} removed`);
  }
}
