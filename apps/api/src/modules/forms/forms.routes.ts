import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { findFormQuestions, saveForm } from './forms.service';

export function formRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.form.getFormQuestions, async ({ actor, query }) => ({
    payload: await findFormQuestions(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, endpoints.form.save, async ({ actor, body }) => ({
    payload: await saveForm(deps, actor, body),
    msg: 'Form saved',
  }));
}
