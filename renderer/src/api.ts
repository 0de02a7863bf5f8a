import type { Evaluation, StatusView } from '../../server/contracts';

/** The renderer reaches the server over HTTP only, on its own origin. */
const BASE = '/api/v1';

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${BASE}${path}`, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json();
  if (!response.ok) {
    const detail = typeof body === 'object' && body !== null && 'detail' in body ? String(body.detail) : response.statusText;
    throw new Error(detail);
  }
  return body as T;
}

export const api = {
  listEvaluations: () => getJson<Evaluation[]>('/evaluations'),
  status: (id: string) => getJson<StatusView>(`/evaluations/${encodeURIComponent(id)}/status`),
  reportUrl: (id: string) => `${BASE}/evaluations/${encodeURIComponent(id)}/report`,
};
