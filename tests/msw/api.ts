/** Answers in the v2 API's envelope, for msw handlers. */
import { HttpResponse } from "msw";
import type { ErrorItem } from "#server/contract/errors";

export function apiOk(data: unknown, init: { meta?: unknown; status?: number } = {}) {
  return HttpResponse.json({ code: 200, data, ...(init.meta !== undefined ? { meta: init.meta } : {}) }, { status: init.status ?? 200 });
}

export function apiError(status: number, items: Array<Partial<ErrorItem> & { key: string }>, extra: Record<string, unknown> = {}) {
  const errors = items.map((e) => ({ code: status, title: e.key, message: e.key, ...e }));
  return HttpResponse.json({ code: status, ...extra, errors }, { status });
}
