// What a toast says when the server refuses a request: its own message for a refusal of the request
// (4xx, in the catalogue's words), the screen's fallback for anything else (a failure, no answer).
import { ApiError } from './api-client.js';

export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}
