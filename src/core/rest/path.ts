import { compile, parse, pathToRegexp, type PathFunction, type Token, type TokenData } from 'path-to-regexp';
import { table } from '../schema/own.js';

/** path-to-regexp v8 reserves `?`: a bare `?` is escaped, so `/search?{q=:q}` and `/search\\?{q=:q}` agree. */
export function escapeQueryMark(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '\\') {
      out += c + (path[i + 1] ?? '');
      i++;
    } else out += c === '?' ? '\\?' : c;
  }
  return out;
}

/** One parameter of a template: its name, kind, and whether it sits inside an optional group. */
export interface PathParam {
  readonly name: string;
  readonly kind: 'param' | 'wildcard';
  readonly optional: boolean;
}

interface CompiledPath {
  readonly data: TokenData;
  readonly params: readonly PathParam[];
  readonly names: ReadonlySet<string>;
  readonly build: PathFunction<Record<string, string | string[]>>;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a value cannot be one path segment, else undefined: empty merges segments, `.`/`..` (any
 * encoding) are folded by the URL parser, a lone surrogate has no UTF-8. Refusing keeps the path's shape.
 */
export function unsendable(value: string): string | undefined {
  // the reason is shown in development only; production messages say `bad-param`
  if (value === '') return process.env.NODE_ENV !== 'production' ? 'an empty value, which would merge two segments' : 'empty';
  if (value === '.' || value === '..') return process.env.NODE_ENV !== 'production' ? 'a dot segment, which URL parsing folds away' : 'dot';
  if (LONE_SURROGATE.test(value)) return process.env.NODE_ENV !== 'production' ? 'a string with a lone surrogate, which has no UTF-8 encoding' : 'surrogate';
  return undefined;
}

function collect(tokens: readonly Token[], optional: boolean, out: PathParam[]): void {
  for (const t of tokens) {
    if (t.type === 'param' || t.type === 'wildcard') out.push({ name: t.name, kind: t.type, optional });
    else if (t.type === 'group') collect(t.tokens, true, out);
  }
}

const cache = new Map<string, CompiledPath>();

/** A template's tokens, parameters and filler, parsed once per template. */
export function compilePath(path: string): CompiledPath {
  let hit = cache.get(path);
  if (!hit) {
    const escaped = escapeQueryMark(path);
    const data = parse(escaped);
    const params: PathParam[] = [];
    collect(data.tokens, false, params);
    hit = {
      data,
      params,
      names: new Set(params.map(p => p.name)),
      // every reserved character of a value (`/ ? # % &`...) is percent-encoded, so no value adds a
      // segment, a query or a fragment; values no segment can carry are refused by `unsendable`
      build: compile(data, { encode: encodeURIComponent }) as PathFunction<Record<string, string | string[]>>,
    };
    cache.set(path, hit);
  }
  return hit;
}

/** The names of every parameter of a template (required and optional). */
export function pathParamNames(path: string): ReadonlySet<string> {
  return compilePath(path).names;
}

/**
 * Fills a template with `args` (`undefined` is absent): the path and the unused arguments (for the
 * query). Throws a `TypeError` naming endpoint, template and parameter on a missing one.
 */
export function fillPath(
  path: string,
  args: object | undefined,
  endpointName: string,
): { path: string; rest: [string, unknown][] } {
  const compiled = compilePath(path);
  const values = table<string | string[]>();
  const rest: [string, unknown][] = [];
  const source = (args ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(source)) {
    const v = source[k];
    if (v === undefined) continue;
    if (!compiled.names.has(k)) {
      rest.push([k, v]);
      continue;
    }
    const parts = Array.isArray(v) ? v : [v];
    for (const part of parts) {
      if (!SCALAR.has(typeof part)) {
        throw new TypeError(
          process.env.NODE_ENV !== 'production'
            ? `${endpointName}: parameter '${k}' of path '${path}' must be a string or number, got ${describe(v)}`
            : `${endpointName}: bad-param '${k}' of '${path}'`,
        );
      }
      const why = unsendable(String(part));
      if (why) {
        throw new TypeError(
          process.env.NODE_ENV !== 'production'
            ? `${endpointName}: parameter '${k}' of path '${path}' cannot be sent inside a path segment: ${JSON.stringify(String(part))} is ${why}`
            : `${endpointName}: bad-param '${k}' of '${path}'`,
        );
      }
    }
    values[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  for (const p of compiled.params) {
    const v = values[p.name];
    if (v === undefined) {
      if (p.optional) continue;
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${endpointName}: path '${path}' needs parameter '${p.name}', got ${describe(args)}`
          : `${endpointName}: missing-param '${p.name}' of '${path}'`,
      );
    }
    if (p.kind === 'wildcard' && (!Array.isArray(v) || v.length === 0)) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${endpointName}: wildcard '*${p.name}' of path '${path}' must be a non-empty array of segments, got ${JSON.stringify(source[p.name])}`
          : `${endpointName}: bad-param '*${p.name}' of '${path}'`,
      );
    }
    if (p.kind === 'param' && Array.isArray(v)) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${endpointName}: parameter '${p.name}' of path '${path}' must be a string or number, got ${JSON.stringify(source[p.name])}`
          : `${endpointName}: bad-param '${p.name}' of '${path}'`,
      );
    }
  }
  let out = compiled.build(values);
  // An omitted optional query group leaves '?' or '?&' behind.
  const q = out.indexOf('?');
  if (q !== -1) {
    const query = out.slice(q + 1).replace(/^&+/, '');
    out = query ? `${out.slice(0, q)}?${query}` : out.slice(0, q);
  }
  return { path: out, rest };
}

const SCALAR = new Set(['string', 'number', 'bigint', 'boolean']);

function describe(args: unknown): string {
  try {
    return JSON.stringify(args) ?? String(args);
  } catch {
    return String(args);
  }
}

const matchers = new Map<string, RegExp>();

/** Matches the path part of any URL this template fills (`testKey`'s test). */
export function pathRegExp(path: string): RegExp {
  let hit = matchers.get(path);
  if (!hit) {
    const escaped = escapeQueryMark(path);
    const q = escaped.indexOf('\\?');
    hit = pathToRegexp(q === -1 ? escaped : escaped.slice(0, q)).regexp;
    matchers.set(path, hit);
  }
  return hit;
}
