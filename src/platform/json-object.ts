// Walking a JSON document whose shape is not typed (an OpenAPI description as @fastify/swagger
// builds it, one read from disk): guards in place of casts, so a node that is not the object or list
// expected reads as empty rather than as whatever the cast claimed.

export type Json = Record<string, unknown>;

/** A JSON object (not null, not a list). */
export const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value when it is a JSON object, else undefined. */
export const jsonOf = (value: unknown): Json | undefined => (isJson(value) ? value : undefined);

/** The value when it is a JSON object, else an empty one (a section a description may leave out). */
export const jsonOrEmpty = (value: unknown): Json => (isJson(value) ? value : {});

/** The JSON objects of a list (none when the value is no list). */
export const jsonList = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);

/** The object members of an object: `paths`' items, an item's operations, `responses`' answers. */
export const jsonEntries = (value: unknown): [string, Json][] =>
  Object.entries(jsonOrEmpty(value)).flatMap(([key, member]) => (isJson(member) ? [[key, member]] : []));

/** `parent[key]`, made an empty object first when it is none: a section of a description being filled. */
export function jsonAt(parent: Json, key: string): Json {
  const value = parent[key];
  if (isJson(value)) return value;
  const made: Json = {};
  parent[key] = made;
  return made;
}
