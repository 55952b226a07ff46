/** Why a data call failed; `clean` marks a message the server wrote for people to read. */
export type DataErrorKind =
  | 'network'
  | 'status'
  | 'parse'
  | 'server'
  | 'crumbFail'
  | 'loginRequired'
  | 'authorizationFail';

export interface DataErrorInit {
  kind: DataErrorKind;
  url: string;
  status?: number;
  clean?: boolean;
  retries?: number;
  body?: Record<string, unknown> | null;
}

export class DataError extends Error {
  override name = 'DataError';
  readonly kind: DataErrorKind;
  readonly url: string;
  readonly status: number;
  readonly clean: boolean;
  readonly retries: number;
  readonly body: Record<string, unknown> | null;

  constructor(message: string, init: DataErrorInit) {
    super(message);
    this.kind = init.kind;
    this.url = init.url;
    this.status = init.status ?? 0;
    this.clean = init.clean ?? false;
    this.retries = init.retries ?? 0;
    this.body = init.body ?? null;
  }

  /** A server's field errors (`errors` keyed by field id), when it sent them. */
  get errors(): Record<string, string> | null {
    const errors = this.body?.errors;
    return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string>) : null;
  }

  get billingErrorCode(): unknown {
    return this.body?.billingErrorCode;
  }
}
