/**
 * The type the web tier reads an API body as: the API writes snake_case JSON, the client camelizes every
 * key (normalize.ts `camelize`), and `Camelize<T>` says the same of the contract's response type, so a
 * field renamed on the server fails the web tier's typecheck (issue 8 item 1).
 */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
    : T;
