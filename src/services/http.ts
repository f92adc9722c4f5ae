import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import * as v from 'valibot';
import type { Access, CallDeclaration } from '../contract/call';
import { TIMEOUTS } from '../contract/constants';
import { ERROR_CODES, ErrorBodySchema, normaliseErrorMessage } from '../contract/errors';
import { API_BASE, CALLS, type CallKey } from '../contract/http';
import type { CallFailure } from '../machines/session/session.types';

type RouteDef = (typeof CALLS)[CallKey];
type BodyOf<K extends CallKey> = (typeof CALLS)[K] extends { body: infer B extends v.GenericSchema }
  ? v.InferInput<B>
  : never;
type ResponseOf<K extends CallKey> = v.InferOutput<(typeof CALLS)[K]['response']>;

export interface CallOptions<K extends CallKey> {
  body?: BodyOf<K>;
  params?: Record<string, string | number>;
  searchParams?: Record<string, string | number | boolean>;
  timeout?: number | false;
}

/** Options of the generic `request` and `download` (resource routes that are not in CALLS). */
export interface RequestOptions {
  /** A JSON body, or a FormData for multipart uploads (avatar). */
  body?: unknown;
  searchParams?: Record<string, string | number | boolean> | URLSearchParams;
  timeout?: number | false;
}

/** A downloaded file (exports). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

export interface HttpDeps {
  /** The access token to send now, if any. */
  getToken: () => string | null;
  /**
   * Asked once when an authenticated call gets 401 not_authorized. It reports
   * to the session (which decides) and resolves with a token to retry with, or null.
   */
  onUnauthorized: (usedToken: string | null) => Promise<string | null>;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * The one HTTP client of the console (ky). It never shows alerts or navigates:
 * it returns validated data or throws a CallFailure with a catalogue code.
 */
export function createHttp(deps: HttpDeps) {
  const base =
    deps.baseUrl ??
    (typeof window === 'undefined' ? `http://127.0.0.1${API_BASE}` : `${window.location.origin}${API_BASE}`);
  const api: KyInstance = ky.create({
    prefixUrl: base,
    timeout: TIMEOUTS.default,
    retry: 0,
    fetch: deps.fetch,
  });

  async function send(key: CallKey, options: CallOptions<CallKey>, token: string | null): Promise<Response> {
    const [method, template] = key.split(' ') as [string, string];
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(options.params?.[name])),
    );
    return api(path.replace(/^\//, ''), {
      method,
      json: options.body,
      searchParams: options.searchParams,
      timeout: options.timeout ?? TIMEOUTS.default,
      headers: token ? { authorization: `Bearer ${token}` } : undefined,
    });
  }

  /**
   * Sends with the current token; on 401 not_authorized asks once for a fresh
   * token and retries with it (7.1, 8.1). Every other failure becomes a CallFailure.
   */
  async function authorised(access: Access['kind'], attempt: (token: string | null) => Promise<Response>) {
    const token = access === 'public' ? null : deps.getToken();
    try {
      return await attempt(token);
    } catch (error) {
      if (
        error instanceof HTTPError &&
        // Optional-auth calls (server settings) also refuse a stale token: refresh then too.
        (access === 'member' || access === 'permission' || (access === 'optional' && token !== null)) &&
        isNotAuthorized(error.response.status, await readBody(error.response))
      ) {
        const fresh = await deps.onUnauthorized(token);
        if (!fresh) throw failureFrom(error.response.status, { message: ERROR_CODES.notAuthorized });
        try {
          return await attempt(fresh);
        } catch (retryError) {
          throw await toFailure(retryError);
        }
      }
      throw await toFailure(error);
    }
  }

  async function call<K extends CallKey>(key: K, options: CallOptions<K> = {}): Promise<ResponseOf<K>> {
    const route: RouteDef = CALLS[key];
    const response = await authorised(route.access.kind, (token) =>
      send(key, { timeout: timeoutOf(route), ...options } as CallOptions<CallKey>, token),
    );
    return (await parse(route, response)) as ResponseOf<K>;
  }

  /** Sends an authenticated call by method and path (generic resource routes of src/contract/resource.ts). */
  function sendRaw(method: string, path: string, options: RequestOptions) {
    return authorised('member', (token) =>
      api(path.replace(/^\//, ''), {
        method,
        json: options.body instanceof FormData ? undefined : options.body,
        body: options.body instanceof FormData ? options.body : undefined,
        searchParams: options.searchParams,
        timeout: options.timeout ?? TIMEOUTS.default,
        headers: token ? { authorization: `Bearer ${token}` } : undefined,
      }),
    );
  }

  /** An authenticated JSON call whose answer is validated with `schema`. */
  async function request<S extends v.GenericSchema>(
    method: string,
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<v.InferOutput<S>> {
    const response = await sendRaw(method, path, options);
    return (await parse({ response: schema }, response)) as v.InferOutput<S>;
  }

  /** An authenticated call answering a file (exports): the blob and the server's file name. */
  async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
    const response = await sendRaw('GET', path, options);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : null };
  }

  /** Fetches a non-JSON resource (terms HTML) with the same error rules. */
  async function text(path: string): Promise<string> {
    try {
      return await api(path.replace(/^\//, ''), { timeout: TIMEOUTS.default }).text();
    } catch (error) {
      throw await toFailure(error);
    }
  }

  return { call, text, request, download };
}

export type Http = ReturnType<typeof createHttp>;

/** The timeout of a call's class (7.1); `none` waits as long as the call takes. */
function timeoutOf(declaration: CallDeclaration): number | false {
  const kind = declaration.timeout ?? 'default';
  return kind === 'none' ? false : TIMEOUTS[kind];
}

async function parse(route: { response: v.GenericSchema }, response: Response) {
  const body = await response.json().catch(() => undefined);
  const result = v.safeParse(route.response as v.GenericSchema, body);
  if (!result.success) {
    console.error('response does not match the contract', v.flatten(result.issues));
    throw { code: 'invalid response', status: response.status } satisfies CallFailure;
  }
  return result.output;
}

const bodies = new WeakMap<Response, unknown>();
async function readBody(response: Response): Promise<unknown> {
  if (!bodies.has(response))
    bodies.set(
      response,
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
  return bodies.get(response);
}

function isNotAuthorized(status: number, body: unknown): boolean {
  if (status !== 401) return false;
  const parsed = v.safeParse(ErrorBodySchema, body);
  if (!parsed.success) return true;
  const text = normaliseErrorMessage(parsed.output.code ?? parsed.output.message);
  return text === ERROR_CODES.notAuthorized || text === 'unauthenticated';
}

async function toFailure(error: unknown): Promise<CallFailure> {
  if (error instanceof HTTPError) return failureFrom(error.response.status, await readBody(error.response));
  if (error instanceof TimeoutError) return { code: 'timeout' };
  return { code: 'network' };
}

/** 8.1: the message, lowercased and unquoted, is the code; field errors and entities ride along. */
function failureFrom(status: number, body: unknown): CallFailure {
  const parsed = v.safeParse(ErrorBodySchema, body);
  if (!parsed.success) return { code: 'default', status };
  const { message, errors, entities, params } = parsed.output;
  return { code: normaliseErrorMessage(message), status, fields: errors, entities, params };
}
