/**
 * Type-level reading of path templates (path-to-regexp v8 syntax): which parameters a template
 * has, which are optional (inside `{...}`), which are wildcards. The walker reads one character
 * at a time so escapes (`\\:`), quoted names (`:"name"`) and nested groups are handled the
 * same way the runtime parser handles them.
 */

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type IdentChar = Lower | Uppercase<Lower> | Digit | '_' | '$';

/** Reads an identifier at the start of S: [name, rest]. */
type ReadIdent<S extends string, N extends string = ''> =
  S extends `${infer C}${infer R}` ? (C extends IdentChar ? ReadIdent<R, `${N}${C}`> : [N, S]) : [N, S];

/** Reads `"quoted name"` or an identifier: [name, rest]. */
type ReadName<S extends string> = S extends `"${infer Q}"${infer R}` ? [Q, R] : ReadIdent<S>;

/** A parameter found in a template: [name, kind, optional]. */
type Found = [string, 'param' | 'wildcard', boolean];

type Walk<S extends string, Depth extends unknown[] = [], Acc extends Found = never> =
  S extends `\\${string}${infer R}` ? Walk<R, Depth, Acc>
  : S extends `{${infer R}` ? Walk<R, [...Depth, 0], Acc>
  : S extends `}${infer R}` ? Walk<R, Depth extends [unknown, ...infer D] ? D : [], Acc>
  : S extends `:${infer R}` ? ReadName<R> extends [infer N extends string, infer T extends string] ?
      Walk<T, Depth, Acc | [N, 'param', Depth extends [] ? false : true]>
    : never
  : S extends `*${infer R}` ? ReadName<R> extends [infer N extends string, infer T extends string] ?
      Walk<T, Depth, Acc | [N, 'wildcard', Depth extends [] ? false : true]>
    : never
  : S extends `${string}${infer R}` ? Walk<R, Depth, Acc>
  : Acc;

type ValueOf<F extends Found> = F[1] extends 'wildcard' ? string[] : string | number;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** Names of the parameters of a template (union of string literals). */
export type PathKeys<S extends string> = string extends S ? string : Walk<S>[0];

/**
 * The arguments a template needs: `PathArgs<'/users/:id'>` is `{ id: string | number }`,
 * an optional group gives an optional member, a wildcard a `string[]`. A template without
 * parameters gives `{}`; a template typed only as `string` gives a loose record.
 *
 * @example
 * const args: PathArgs<'/:owner/*path{/:rev}'> = { owner: 'me', path: ['src', 'a.ts'] };
 */
export type PathArgs<S extends string> =
  string extends S ? Record<string, string | number | string[] | boolean | undefined>
  : Flatten<
      { [F in Walk<S> as F[2] extends false ? F[0] : never]: ValueOf<F> } & {
        [F in Walk<S> as F[2] extends true ? F[0] : never]?: ValueOf<F>;
      }
    >;

/** true when the template has at least one required parameter. */
export type HasRequiredArgs<S extends string> =
  string extends S ? false : [Extract<Walk<S>, [string, 'param' | 'wildcard', false]>] extends [never] ? false : true;

/** The prefix of S before its last unescaped `:` or `*` (never when there is none). */
type BeforeLast<S extends string, Acc extends string = '', Best extends string = never> =
  S extends `\\${infer E}${infer R}` ? BeforeLast<R, `${Acc}\\${E}`, Best>
  : S extends `${infer C}${infer R}` ?
    C extends ':' | '*' ? BeforeLast<R, `${Acc}${C}`, Acc>
    : BeforeLast<R, `${Acc}${C}`, Best>
  : Best;

/** Drops an unclosed `{...` tail: the group the removed parameter sat in. */
type DropOpenGroup<S extends string> =
  S extends `${infer A}{${infer B}` ?
    B extends `${string}}${string}` ? `${A}{${DropOpenGroupAfter<B>}`
    : HasOpen<B> extends true ? `${A}{${DropOpenGroup<B>}` : A
  : S;
type HasOpen<S extends string> = S extends `${string}{${string}` ? true : false;
type DropOpenGroupAfter<S extends string> =
  S extends `${infer A}}${infer B}` ? `${A}}${DropOpenGroup<B>}` : S;

type TrimTail<S extends string> =
  S extends `${infer A}/` ? TrimTail<A>
  : S extends `${infer A}\\?` ? TrimTail<A>
  : S extends `${infer A}?` ? TrimTail<A>
  : S;

/**
 * The template `removeLastArg` returns, computed from the type: `'/:first/:second'` →
 * `'/:first'`, `'/:first'` → `'/'`, `'/:owner/*path'` → `'/:owner'`.
 *
 * @example
 * type ListPath = ShortenPath<'/groups/:group/todos/:id'>; // '/groups/:group/todos'
 */
export type ShortenPath<S extends string> =
  string extends S ? string
  : [BeforeLast<S>] extends [never] ? never
  : TrimTail<DropOpenGroup<BeforeLast<S>>> extends infer R extends string ? (R extends '' ? '/' : R) : never;
