/**
 * Whether two values from the query cache hold the same data. The cache copies values on every
 * write (structural sharing), so identity says little; these are JSON values from the API.
 */
export const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
