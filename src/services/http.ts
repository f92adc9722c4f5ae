import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { type Access, type CallDeclaration, splitCallKey } from '../contract/call';
import { API_BASE, TIMEOUTS } from '../contract/constants';
import { ErrorBodySchema, NOT_AUTHORIZED, normaliseErrorMessage } from '../contract/error-body';
import type { CALLS, CallKey } from '../contract/http';
import type { CallFailure } from '../machines/session/session.types';

type Declaration<K extends CallKey> = (typeof CALLS)[K];
/** The names of the `{…}` parts of a path template. */
type PathParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | PathParamNames<Rest>
  : never;
// Each helper distributes over a union of keys, so a key computed at run time (the entity client's) still type-checks.
type ParamsOf<K extends CallKey> = K extends CallKey
  ? [PathParamNames<K>] extends [never]
    ? never
    : Record<PathParamNames<K>, string | number>
  : never;
type BodyOf<K extends CallKey> = K extends CallKey
  ? Declaration<K> extends { body: infer B extends v.GenericSchema }
    ? v.InferInput<B>
    : never
  : never;
/** A file part: a Blob (a File keeps its name) or a Blob with the name to send. */
export type UploadFile = Blob | { blob: Blob; name: string };
type MultipartOf<K extends CallKey> = K extends CallKey
  ? Declaration<K> extends { multipart: { fields: infer F extends v.GenericSchema; files: infer Files } }
    ? {
        fields: v.InferInput<F>;
        files: { [N in keyof Files]: Files[N] extends { required: true } ? UploadFile : UploadFile | undefined };
      }
    : never
  : never;
type ResponseOf<K extends CallKey> = K extends CallKey ? v.InferOutput<Declaration<K>['response']> : never;

/** The keys of calls answering a file (exports, terms, uploads): sent with `callFile`. */
export type FileCallKey = {
  [K in CallKey]: Declaration<K> extends { file: string } ? K : never;
}[CallKey];

export interface CallOptions<K extends CallKey> {
  /** Values of the path's `{…}` parts. */
  params?: ParamsOf<K>;
  /** A JSON body (declarations with `body`). */
  body?: BodyOf<K>;
  /** The text fields and files of a multipart body (declarations with `multipart`); sent as FormData. */
  multipart?: MultipartOf<K>;
  searchParams?: Record<string, string | number | boolean>;
  /** Overrides the declaration's timeout class. */
  timeout?: number | false;
  /**
   * Send with this token instead of the session's, and never refresh it: the
   * logout call carries the token the session has just dropped.
   */
  token?: string;
}

/** A downloaded file (exports). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The transport (ky) and every call's declaration, loaded with the first call:
 * the contract is the biggest module of the console and the login page sends
 * nothing before its form is submitted (first-load budget, issue 10). One
 * import, however many calls ask; a failed one is tried again by the next call.
 */
interface Transport {
  calls: typeof CALLS;
  ky: typeof import('ky');
}
let transport: Promise<Transport> | undefined;
function loadTransport(): Promise<Transport> {
  transport ??= Promise.all([import('../contract/http'), import('ky')]).then(([contract, ky]) => ({
    calls: contract.CALLS,
    ky,
  }));
  const loading = transport;
  // A chunk that did not arrive is a network failure of the call that needed it.
  return loading.catch((): never => {
    if (transport === loading) transport = undefined;
    throw { code: 'network' } satisfies CallFailure;
  });
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
  let api: KyInstance | undefined;
  const instance = ({ ky }: Transport): KyInstance => {
    api ??= ky.default.create({ prefixUrl: base, timeout: TIMEOUTS.default, retry: 0, fetch: deps.fetch });
    return api;
  };

  /** The request of a call; the path is filled in before anything is sent. */
  function send(loaded: Transport, method: string, path: string, options: CallOptions<CallKey>, token: string | null) {
    return instance(loaded)(path.replace(/^\//, ''), {
      method,
      json: options.multipart ? undefined : options.body,
      body: options.multipart ? formData(options.multipart) : undefined,
      searchParams: options.searchParams,
      timeout: options.timeout ?? TIMEOUTS.default,
      headers: token ? { authorization: `Bearer ${token}` } : undefined,
    });
  }

  /**
   * Sends with the current token; on 401 not_authorized asks once for a fresh
   * token and retries with it (7.1, 8.1). Every other failure becomes a CallFailure.
   * A call given its own token is sent once with it and never refreshed.
   */
  async function authorised(
    { ky }: Transport,
    access: Access['kind'],
    given: string | undefined,
    attempt: (token: string | null) => Promise<Response>,
  ) {
    const token = access === 'public' ? null : (given ?? deps.getToken());
    try {
      return await attempt(token);
    } catch (error) {
      if (
        error instanceof ky.HTTPError &&
        given === undefined &&
        // Optional-auth calls (server settings) also refuse a stale token: refresh then too.
        (access === 'member' || access === 'permission' || (access === 'optional' && token !== null)) &&
        isNotAuthorized(error.response.status, await readBody(error.response))
      ) {
        const fresh = await deps.onUnauthorized(token);
        if (!fresh) throw failureFrom(error.response.status, { message: NOT_AUTHORIZED });
        try {
          return await attempt(fresh);
        } catch (retryError) {
          throw await toFailure(ky, retryError);
        }
      }
      throw await toFailure(ky, error);
    }
  }

  async function respond(loaded: Transport, key: CallKey, options: CallOptions<CallKey>): Promise<Response> {
    const declaration: CallDeclaration = loaded.calls[key];
    const { method, path } = splitCallKey(key);
    const filled = fillPath(key, path, { ...options.params });
    return authorised(loaded, declaration.access.kind, options.token, (token) =>
      send(loaded, method, filled, { timeout: timeoutOf(declaration), ...options }, token),
    );
  }

  /** A declared call: typed path parameters, body or multipart parts, and the validated answer. */
  async function call<K extends CallKey>(key: K, options: CallOptions<K> = {}): Promise<ResponseOf<K>> {
    const loaded = await loadTransport();
    const response = await respond(loaded, key, options as CallOptions<CallKey>);
    return (await parse(loaded.calls[key], response)) as ResponseOf<K>;
  }

  /** A declared call answering a file (exports, terms): the blob and the server's file name. */
  async function callFile<K extends FileCallKey>(key: K, options: CallOptions<K> = {}): Promise<DownloadedFile> {
    const response = await respond(await loadTransport(), key, options as CallOptions<CallKey>);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : null };
  }

  return { call, callFile };
}

export type Http = ReturnType<typeof createHttp>;

/** The path of a call with its `{…}` parts filled in; a missing part would name another path (and answer 404). */
function fillPath(key: string, template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: the path parameter '${name}' is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The FormData of a multipart declaration: text fields as strings, then the files. */
export function formData(parts: { fields: unknown; files: unknown }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries((parts.files ?? {}) as Record<string, UploadFile | undefined>)) {
    if (file === undefined) continue;
    if (file instanceof Blob) form.append(name, file);
    else form.append(name, file.blob, file.name);
  }
  return form;
}

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
  return text === NOT_AUTHORIZED || text === 'unauthenticated';
}

async function toFailure(ky: Transport['ky'], error: unknown): Promise<CallFailure> {
  if (error instanceof ky.HTTPError) return failureFrom(error.response.status, await readBody(error.response));
  if (error instanceof ky.TimeoutError) return { code: 'timeout' };
  return { code: 'network' };
}

/** 8.1: the message, lowercased and unquoted, is the code; field errors and entities ride along. */
function failureFrom(status: number, body: unknown): CallFailure {
  const parsed = v.safeParse(ErrorBodySchema, body);
  if (!parsed.success) return { code: 'default', status };
  const { message, errors, entities, params, consistency } = parsed.output;
  const failure: CallFailure = { code: normaliseErrorMessage(message), status, fields: errors, entities, params };
  return consistency ? { ...failure, consistency } : failure;
}
