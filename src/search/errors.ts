/** An error DocSearch recognises as "the search service cannot be reached" (it checks the name). */
export class RetryError extends Error {
  override name = 'RetryError' as const;
  /** The URL that could not be loaded. */
  readonly url: string;
  /** HTTP status, or 0 when the request itself failed. */
  readonly status: number;
  constructor(message: string, url: string, status: number) {
    super(message);
    this.url = url;
    this.status = status;
  }
}
