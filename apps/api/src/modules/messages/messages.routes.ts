import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { requestLanguage } from '../../core/i18n';
import { getMessages, sendMessage } from './messages.service';

/** Messages to an event's attendees (docs/product.md section 21). */
export function messageRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.message.send, async ({ actor, body, request }) => {
    const result = await sendMessage(deps, actor, body, requestLanguage(request));
    return {
      payload: result,
      msg: body.dryRun ? 'Counted' : body.test ? 'Test sent to you' : `Queued for ${result.queued} recipients`,
    };
  });
  registerEndpoint(app, deps, endpoints.message.getByEventId, async ({ actor, query }) => ({
    payload: await getMessages(deps, actor, query.eventId),
  }));
}
