/**
 * An error that the playground server turns into a JSON reply `{ error, status }` with its status
 * code. Thrown by route handlers for bad input (400), missing auth (401), unknown ids (404) and
 * conflicts (409); the message names the subject and shows the offending value.
 * @example throw new HttpError(404, `GET /api/tasks/${id}: no task with id ${JSON.stringify(id)}`);
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
