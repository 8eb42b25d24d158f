// /deliveries: e-mail delivery of invoices (docs/delivery.md). Only users whose menus include the
// generator may send or see deliveries.
import { Hono } from 'hono';
import { MENU_INVOICE_GENERATOR } from '../../domain/users/menu';
import { requireAuth, requireMenu } from '../http/requireAuth';
import type { AppEnv } from '../types';
import { createDelivery } from './deliveries.create';
import {
  cancelDelivery,
  listDeliveries,
  pauseDelivery,
  resendFailed,
  resumeDelivery,
} from './deliveries.manage';
import {
  exportFailed,
  listRecipients,
  markSent,
  resendRecipient,
  sentKeys,
} from './deliveries.recipients';

export function deliveryRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth, requireMenu(MENU_INVOICE_GENERATOR))
    .post('/', createDelivery)
    .get('/', listDeliveries)
    .get('/sent-keys', sentKeys)
    .get('/:id/recipients', listRecipients)
    .get('/:id/failed', exportFailed)
    .post('/:id/pause', pauseDelivery)
    .post('/:id/resume', resumeDelivery)
    .post('/:id/cancel', cancelDelivery)
    .post('/:id/resend-failed', resendFailed)
    .post('/recipients/:id/resend', resendRecipient)
    .post('/recipients/:id/mark-sent', markSent);
}
