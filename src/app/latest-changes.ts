// The overview's latest changes: the newest events of the dashboard server's history.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';
import { listEnvelopeSchema } from '../api/schemas/envelope.ts';
import { historyEventSchema } from '../api/schemas/history.ts';

const LATEST = 5;

export const latestChangesQuery = () =>
  queryOptions({
    queryKey: ['dashboard-server', 'history', 'latest', LATEST] as const,
    queryFn: async ({ signal }) => {
      const page = await apiRequest({
        service: 'dashboard',
        method: 'GET',
        path: `/history?start=0&limit=${LATEST}`,
        endpoint: 'GET /dashboard-api/history',
        schema: listEnvelopeSchema(historyEventSchema),
        signal,
      });
      return page.result;
    },
    // Absent (a static host) or refused: asking again will not change the answer.
    retry: false,
  });
