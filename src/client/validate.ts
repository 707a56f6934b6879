import type { JsonSchema } from '../contract/json-schemas/schema.ts';

export type Issue = { path: Array<string | number>; message: string };

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const is = (type: string, value: unknown) => type === kind(value) || (type === 'integer' && Number.isInteger(value));

/**
 * Checks a parsed JSON answer against one of the generated contract schemas (src/contract/json-schemas/index.ts):
 * `undefined` when it conforms, else the first issue and where it is (`results.3.price_min`). It knows exactly the
 * keywords scripts/gen-contract-json.mjs lets through, so browser code validates answers without zod.
 */
export function validate(schema: JsonSchema, value: unknown, path: Issue['path'] = []): Issue | undefined {
  const issue = (message: string, at = path): Issue => ({ path: at, message });
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const issues = union.map((branch) => validate(branch, value, path));
    const passed = issues.filter((found) => !found).length;
    if (passed > 1 && schema.oneOf) return issue('Matches more than one schema');
    if (!passed) {
      // The branch that got furthest says best what is wrong. One that failed on the value itself (another type) or,
      // in a `oneOf` (zod's discriminated union), on a constant right below was meant for other values. A key missing
      // or unknown right below says little: when several branches get only that far, the issue is the union's.
      const scores = issues.map((found, i) => {
        if (found!.path.length === path.length) return -1;
        if (found!.path.length > path.length + 1) return found!.path.length;
        const key = String(found!.path[path.length]);
        const properties = union[i].properties ?? {};
        const declared = Object.hasOwn(properties, key) ? properties[key] : undefined;
        if (!declared || !Object.hasOwn(value as object, key)) return path.length;
        return 'const' in declared ? (schema.oneOf ? -1 : path.length) : path.length + 1;
      });
      const best = Math.max(...scores);
      const first = scores.indexOf(best);
      if (best > path.length || (best === path.length && first === scores.lastIndexOf(best))) return issues[first];
      return issue('Matches none of the schemas');
    }
  }
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  if (types.length && !types.some((type) => is(type, value))) return issue(`Expected ${types.join(' or ')}, got ${kind(value)}`);
  if ('const' in schema && value !== schema.const) return issue(`Expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) return issue(`Expected one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'string' && schema.pattern && !new RegExp(schema.pattern).test(value)) return issue(`Does not match ${schema.pattern}`);
  if (typeof value === 'number' && (value < (schema.minimum ?? -Infinity) || value > (schema.maximum ?? Infinity))) return issue('Out of range');

  let found: Issue | undefined;
  if (Array.isArray(value)) {
    for (let i = 0; !found && schema.items && i < value.length; i++) found = validate(schema.items, value[i], [...path, i]);
  } else if (kind(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    // declared properties in schema order (as zod reports them), then the others; `required` ⊆ `properties`
    for (const key in properties) {
      if (found) break;
      if (Object.hasOwn(object, key)) found = validate(properties[key], object[key], [...path, key]);
      else if (schema.required?.includes(key)) found = issue('Required', [...path, key]);
    }
    for (const key of Object.keys(object)) {
      if (found || Object.hasOwn(properties, key)) continue;
      const other = schema.additionalProperties;
      if (other === false) found = issue('Unexpected property', [...path, key]);
      else if (key !== '__proto__') { // zod's records skip it (and drop it), so it is not checked here either
        found = (schema.propertyNames && validate(schema.propertyNames, key, [...path, key]))
          || (other && other !== true ? validate(other, object[key], [...path, key]) : undefined);
      }
    }
  }
  return found;
}
