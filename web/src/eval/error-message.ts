import { ApiError } from '../api/http';

/** What a failed eval request shows: `HTTP <status>: <detail>` for a server answer, else the error's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}: ${error.detail}`;
  return error instanceof Error ? error.message : String(error);
}
