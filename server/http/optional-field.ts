/**
 * `{ [key]: value }` when the value is known, else `{}`. The peer API leaves an absent optional field out of a
 * response rather than sending `null` where its schema has a string, object or array; its clients rely on that.
 */
export function optionalField<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return value === null || value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
