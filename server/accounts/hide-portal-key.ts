// Accounts mode keeps the portal's credentials on the server: `GET /api/token/validate` names the
// API key its token was issued for (a real portal may send the key itself; the embedded one, a
// label with the key's last characters), so that field leaves empty, for every role. The browser
// reads only the organisation from this answer (src/api/token.ts).
import type { MiddlewareHandler } from 'hono';
import * as z from 'zod/mini';
import { answerOf, replaceAnswer } from './scope/portal-request.ts';

const validated = z.looseObject({ user_data: z.looseObject({ apikey: z.unknown() }) });

export const hidePortalKey: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = z.safeParse(validated, await answerOf(c));
  if (!answer.success) return;
  replaceAnswer(c, c.res.status, { ...answer.data, user_data: { ...answer.data.user_data, apikey: '' } });
};
