// Reading a route's JSON Schema (as TypeBox writes it) beside a request's value: the branches of a
// union, a property by name, whether a node is an array. Used where the platform needs the schema
// before validation runs (XML arrays, Int64 ids).

/** A JSON Schema node (only the keywords read here). */
export type SchemaNode = {
  type?: unknown; format?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode;
  anyOf?: SchemaNode[]; oneOf?: SchemaNode[]; allOf?: SchemaNode[];
};

export const isSchemaNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The alternatives a schema stands for: each branch of its unions and intersections, else itself. */
export function branches(schema: unknown): SchemaNode[] {
  if (!isSchemaNode(schema)) return [];
  const parts = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat();
  return parts.length ? parts.flatMap(branches) : [schema];
}

export function isArraySchema(schema: SchemaNode): boolean {
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}

/** A property's schema by name: the exact spelling, else any letter case (as validation renames top-level names). */
export function propertyOf(schema: SchemaNode, name: string): SchemaNode | undefined {
  const properties = schema.properties;
  if (!properties) return undefined;
  if (Object.hasOwn(properties, name)) return properties[name];
  const lower = name.toLowerCase();
  const key = Object.keys(properties).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : properties[key];
}
