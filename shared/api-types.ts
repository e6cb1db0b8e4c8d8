/**
 * The types of the API table (shared/api-routes.ts): an entry's method and path, with phantom
 * types for its JSON body, query and answer.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A call of the API. `body`, `query` and `answer` are types only: they are never set. */
export interface ApiRoute<
  M extends ApiMethod = ApiMethod,
  P extends string = string,
  Body = unknown,
  Answer = unknown,
  Query = unknown,
> {
  readonly method: M
  readonly path: P
  readonly body?: Body
  readonly answer?: Answer
  readonly query?: Query
}

/** The JSON body an entry takes (`undefined` when it takes none). */
export type ApiBody<R> = R extends ApiRoute<ApiMethod, string, infer B> ? B : never
/** The JSON answer of an entry when it succeeds. */
export type ApiAnswerOf<R> = R extends ApiRoute<ApiMethod, string, unknown, infer A> ? A : never
/** The query parameters of an entry. */
export type ApiQuery<R> = R extends ApiRoute<ApiMethod, string, unknown, unknown, infer Q> ? Q : never
/** The names of a path's `:params`. */
export type ApiParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ApiParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
