// Errors are codes, not HTTP: domain code throws AppError('SOME_CODE'); one exhaustive switch maps
// each code to a status, and one handler (problem.ts) renders problem+json.

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'SCOPE_MISSING'
  | 'ROLE_NOT_ALLOWED'
  | 'HIERARCHY_NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_ACCEPTABLE'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'OVERLOADED'
  | 'EXTERNAL_UNREACHABLE'
  | 'EXTERNAL_FAILED'
  | 'INTERNAL';

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED': return 400;
    case 'UNAUTHENTICATED': return 401;
    case 'SCOPE_MISSING':
    case 'ROLE_NOT_ALLOWED':
    case 'HIERARCHY_NOT_ALLOWED': return 403;
    case 'NOT_FOUND': return 404;
    case 'METHOD_NOT_ALLOWED': return 405;
    case 'NOT_ACCEPTABLE': return 406;
    case 'CONFLICT':
    case 'PRECONDITION_FAILED': return 409;
    case 'PAYLOAD_TOO_LARGE': return 413;
    case 'UNSUPPORTED_MEDIA_TYPE': return 415;
    case 'TOO_MANY_REQUESTS': return 429;
    case 'OVERLOADED': return 503;
    case 'EXTERNAL_UNREACHABLE': return 520;
    case 'EXTERNAL_FAILED': return 521;
    case 'INTERNAL': return 500;
  }
}

const titles: Record<number, string> = {
  400: 'One or more validation errors occurred.',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  520: 'External Service Unreachable',
  521: 'External Service Error',
};

export function titleOf(status: number): string {
  return titles[status] ?? 'Error';
}

/** Field name → messages, the shape ASP.NET clients already parse. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly errors?: FieldErrors,
    /** Extra response headers (Retry-After, Allow, WWW-Authenticate). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? titleOf(statusOf(code)));
    this.status = statusOf(code);
  }
}

/** A 400 naming one field. */
export function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { [field]: [message] });
}

export function notFound(what = 'The record'): AppError {
  return new AppError('NOT_FOUND', `${what} does not exist or is not visible to the caller.`);
}
