import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { requestLanguage } from '../../core/i18n';
import { sellAtDoor } from './boxoffice.service';

/** The box office (docs/product.md section 20): selling at the door. */
export function boxOfficeRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.boxoffice.sell, async ({ actor, body, request }) => ({
    payload: await sellAtDoor(deps, actor, body, requestLanguage(request)),
    msg: 'Sold',
  }));
}
